import type { Metadata } from "next";
import { connection } from "next/server";
import { ConfigErrorScreen } from "@/components/config-error-screen";
import { NoticePage } from "@/components/ui/notice-page";
import { BatchesPage } from "@/components/batches/batches-page";
import { getServerConfig } from "@/lib/server/config/config";
import { batchesFor } from "@/lib/server/batches/batch-store";
import { batchPageContext } from "@/lib/server/batches/batch-page-data";

export const metadata: Metadata = { title: "Batches · Image Prompt Playground", robots: { index: false, follow: false } };

/** The person's batches, and a new one from a CSV or a paste. */
export default async function BatchesRoute() {
  await connection();
  const configResult = getServerConfig();
  if (!configResult.ok) return <ConfigErrorScreen problems={configResult.problems} />;
  const { config } = configResult;
  const context = await batchPageContext(config, "/batches");
  if (!context.ok) {
    return (
      <NoticePage title={context.title} tone="warning">
        <p className="mt-2 text-sm">{context.detail}</p>
      </NoticePage>
    );
  }
  const batches = await batchesFor(context.database, context.viewer.author.id);
  return (
    <BatchesPage
      initial={batches}
      who={context.viewer.author.name}
      settings={{
        promptMaxChars: config.promptMaxChars,
        extraFields: config.extraFields,
        maxRows: config.batches.maxRows,
        concurrency: config.batches.concurrency,
      }}
    />
  );
}
