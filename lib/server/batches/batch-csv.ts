import "server-only";
import { sql } from "drizzle-orm";
import type { ServerConfig } from "@/lib/server/config/config";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { rowsOf } from "@/lib/server/database/result-rows";
import { csv } from "@/lib/server/audit/usage-csv";
import { textArray } from "@/lib/server/library/library-store";
import type { BatchSummary } from "@/lib/batches/batch-types";
import { batchRowsPage } from "./batch-store";

/**
 * A batch as CSV, a page of rows at a time (a 10,000-row batch is never held whole): each row's
 * place, outcome, attempts, the files its run holds in the library (answer, images, thumbnail), and cost.
 */

const PAGE = 500;
const HEADER = [
  "row",
  "line",
  "state",
  "prompt",
  "model",
  "aspect_ratio",
  "attempts",
  "service_status",
  "images",
  "files",
  "run_id",
  "estimated_cost",
  "currency",
  "problem",
];

export async function* batchCsvLines(
  connection: DatabaseConnection,
  batch: BatchSummary,
  author: string,
  config: Pick<ServerConfig, "prices">,
): AsyncGenerator<string> {
  yield csv(HEADER, []);
  const currency = batch.currency ?? Object.values(config.prices).find((price) => price.perImage !== null)?.currency ?? null;
  for (let after = -1; ;) {
    const rows = await batchRowsPage(connection, batch.id, { after, limit: PAGE });
    if (rows.length === 0) return;
    const runIds = rows.flatMap((row) => (row.runId ? [row.runId] : []));
    const files = new Map<string, string[]>();
    if (runIds.length > 0) {
      const named = rowsOf(
        await connection.db.execute(sql`
          SELECT run_id, name FROM library_files
          WHERE author = ${author}::text AND run_id = ANY(${textArray(runIds)}) 
          ORDER BY run_id, name`),
      );
      for (const file of named) files.set(String(file.run_id), [...(files.get(String(file.run_id)) ?? []), String(file.name)]);
    }
    const lines = csv(
      HEADER,
      rows.map((row) => [
        row.position + 1,
        row.line,
        row.state,
        row.prompt,
        row.model,
        row.aspectRatio,
        row.attempts.length,
        row.status,
        row.images,
        (row.runId ? (files.get(row.runId) ?? []) : []).join(" "),
        row.runId,
        row.costMicros > 0 ? (row.costMicros / 1_000_000).toFixed(4) : null,
        row.costMicros > 0 ? currency : null,
        row.problem,
      ]),
    );
    // The header once, at the top.
    yield lines.slice(lines.indexOf("\r\n") + 2);
    after = rows.at(-1)?.position ?? after;
  }
}
