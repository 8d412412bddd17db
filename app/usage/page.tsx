import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { ConfigErrorScreen } from "@/components/config-error-screen";
import { NoticePage } from "@/components/ui/notice-page";
import { UsageReport } from "@/components/usage/usage-report";
import { getServerConfig } from "@/lib/server/config/config";
import { currentViewer } from "@/lib/server/people/current-viewer";
import { sharedDatabase, databaseFailureDetail } from "@/lib/server/database/shared-database";
import { loadUsageReport } from "@/lib/server/audit/load-usage-report";

export const metadata: Metadata = { title: "Usage · Image Prompt Playground" };

type UsageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function UsagePage({ searchParams }: UsageProps) {
  await connection();
  const configResult = getServerConfig();
  if (!configResult.ok) return <ConfigErrorScreen problems={configResult.problems} />;
  const { config } = configResult;
  const viewer = await currentViewer(await headers(), config.access);
  if (!viewer) redirect(`/sign-in?next=${encodeURIComponent("/usage")}`);
  const params = await searchParams;
  const text = (name: string) => (typeof params[name] === "string" ? params[name] : undefined);
  const database = await sharedDatabase(config.shares).catch((error: unknown) => databaseFailureDetail(error));
  if (typeof database === "string") {
    return (
      <NoticePage title="Usage is unavailable" tone="warning">
        <p className="mt-2 text-sm">{database.replace("share library's ", "")}</p>
      </NoticePage>
    );
  }
  const report = await loadUsageReport(database, config, viewer, {
    from: text("from"),
    to: text("to"),
    action: text("action"),
    person: text("person"),
    before: text("before"),
    budget: text("budget"),
    library: text("library"),
  });
  return <UsageReport report={report} />;
}
