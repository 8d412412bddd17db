import type { DatabaseConnection } from "../lib/server/database/connection";
import type { ServerConfig } from "../lib/server/config/config";
import { batchFor, insertBatch } from "../lib/server/batches/batch-store";
import type { BatchSummary } from "../lib/batches/batch-types";
import { createTestDatabase, freshDataFolder, type DatabaseTargetKind } from "./database-targets";
import { configFor } from "./route-helpers";
import { startBatchRunner } from "../lib/server/batches/batch-runner";
import { flushSpendingWrites } from "../lib/server/budgets/spending-writer";

/**
 * Batches as the runner's own tests make them: straight in the database, by one author, with no
 * collection or currency, so that a test sets up only what it is about.
 */

/** The one author of these batches. */
export const BATCH_AUTHOR = { id: "you", name: "You" };

/** Rows for the fake's quick model, their prompts numbered after `prompt`; lines from 2, after the CSV's header. */
export function quickRows(prompt: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    line: index + 2,
    request: { prompt: `${prompt} ${index}`, model: "fake-b64", aspect_ratio: "1:1" },
  }));
}

type TestBatch = {
  id: string;
  rows: ReturnType<typeof quickRows>;
  concurrency: number;
  name?: string;
  webhook?: { url: string; secret: string };
};

/** Makes the batch, queued, as the batch route would (at most 5 unfinished for its author); its summary. */
export function insertTestBatch(connection: DatabaseConnection, batch: TestBatch): Promise<BatchSummary | null> {
  return insertBatch(
    connection,
    {
      id: batch.id,
      author: BATCH_AUTHOR,
      name: batch.name ?? batch.id,
      rows: batch.rows,
      concurrency: batch.concurrency,
      collectionId: null,
      webhook: batch.webhook ?? null,
      currency: null,
    },
    5,
  );
}

/** A fresh database of `kind` (where to open it) and the config of a playground on it that calls `serviceUrl`. */
export async function freshTarget(
  kind: DatabaseTargetKind,
  serviceUrl: string,
): Promise<{ where: { dataDir: string } | { url: string }; config: ServerConfig }> {
  if (kind === "embedded") {
    const dataDir = freshDataFolder();
    return { where: { dataDir }, config: parsedConfig(serviceUrl, { PLAYGROUND_DATA_DIR: dataDir }) };
  }
  const url = await createTestDatabase();
  return { where: { url }, config: parsedConfig(serviceUrl, { DATABASE_URL: url }) };
}

function parsedConfig(serviceUrl: string, env: Record<string, string>): ServerConfig {
  const parsed = configFor(serviceUrl, env);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.config;
}

/** The batch once it is `state`, or as it stands when `timeoutMs` have passed. */
export async function batchOnceIn(
  connection: DatabaseConnection,
  id: string,
  state: BatchSummary["state"],
  timeoutMs: number,
): Promise<BatchSummary | null> {
  const deadline = Date.now() + timeoutMs;
  let batch = await batchFor(connection, id, BATCH_AUTHOR.id);
  while (batch?.state !== state && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    batch = await batchFor(connection, id, BATCH_AUTHOR.id);
  }
  return batch;
}

/**
 * Starts a runner on `connection` and wakes it, runs `body`, then stops the runner, writes what it
 * spent and closes the connection, whether `body` passed or threw.
 */
export async function withRunner<T>(config: ServerConfig, connection: DatabaseConnection, body: () => Promise<T>): Promise<T> {
  const runner = await startBatchRunner(config, connection);
  try {
    runner.wake();
    return await body();
  } finally {
    await runner.stop();
    await flushSpendingWrites();
    await connection.close();
  }
}
