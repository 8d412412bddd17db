import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { ConfigErrorScreen } from "@/components/config-error-screen";
import { Playground } from "@/components/playground";
import { getServerConfig } from "@/lib/server/config/config";
import { describeService } from "@/lib/server/upstream/service-target";
import { currentViewer } from "@/lib/server/people/current-viewer";
import { budgetShownTo } from "@/lib/server/budgets/budget-left";
import { readSharedFields, sharedQuery } from "@/lib/request/share-link";

type HomeProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function HomePage({ searchParams }: HomeProps) {
  // Read the configuration per request at run time, never baked into the build.
  await connection();
  const configResult = getServerConfig();
  if (!configResult.ok) return <ConfigErrorScreen problems={configResult.problems} />;
  const { config } = configResult;
  const shared = readSharedFields(await searchParams);
  const viewer = await currentViewer(await headers(), config.access);
  if (!viewer) {
    // A shared link survives the sign-in page: it comes back filled in.
    const query = sharedQuery(shared);
    redirect(query ? `/sign-in?next=${encodeURIComponent(`/?${query}`)}` : "/sign-in");
  }
  const service = await describeService(config);
  // What is left of a budget that applies to this person, for the meter near Generate.
  const budget = await budgetShownTo(config, viewer.author.id);
  return (
    <Playground
      models={config.models}
      promptMaxChars={config.promptMaxChars}
      extraFields={config.extraFields}
      prices={config.prices}
      budget={budget}
      service={service}
      account={
        config.access.oidc
          ? { name: viewer.author.name, provider: true }
          : config.access.password !== null
            ? { name: viewer.author.name, provider: false }
            : null
      }
      shared={shared}
      historyCaps={config.historyCaps}
      libraryAuthor={config.library.enabled ? viewer.author.id : null}
      gridSettings={config.grid}
    />
  );
}
