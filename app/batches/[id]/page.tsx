import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { ConfigErrorScreen } from "@/components/config-error-screen";
import { NoticePage } from "@/components/ui/notice-page";
import { BatchDetailPage } from "@/components/batches/batch-detail-page";
import { getServerConfig } from "@/lib/server/config/config";
import { batchFor } from "@/lib/server/batches/batch-store";
import { batchPageContext } from "@/lib/server/batches/batch-page-data";

export const metadata: Metadata = { title: "Batch · Image Prompt Playground", robots: { index: false, follow: false } };

type BatchProps = { params: Promise<{ id: string }> };

/** One of the person's batches: its progress, results and rows (anyone else is told there is none). */
export default async function BatchRoute({ params }: BatchProps) {
  await connection();
  const configResult = getServerConfig();
  if (!configResult.ok) return <ConfigErrorScreen problems={configResult.problems} />;
  const { id } = await params;
  const context = await batchPageContext(configResult.config, `/batches/${id}`);
  if (!context.ok) {
    return (
      <NoticePage title={context.title} tone="warning">
        <p className="mt-2 text-sm">{context.detail}</p>
      </NoticePage>
    );
  }
  const batch = id.length <= 40 ? await batchFor(context.database, id, context.viewer.author.id) : null;
  if (!batch) notFound();
  return <BatchDetailPage initial={batch} viewer={{ id: context.viewer.author.id, name: context.viewer.author.name }} />;
}
