import "server-only";
import type { ServerConfig } from "@/lib/server/config/config";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { warnAtMostEveryMinute } from "@/lib/server/limits/limit-warnings";
import { startBatchRunner, type BatchRunner } from "./batch-runner";
import { hasUnfinishedBatches } from "./batch-store";

/**
 * The process's one batch runner, started with the server when a batch is unfinished (so batches
 * go on after a restart with no page open) and by any batch route or page. Kept on globalThis, as
 * the database connection is: Next bundles routes separately.
 */

const holder = globalThis as typeof globalThis & { __playgroundBatchRunner?: Promise<BatchRunner | null> };

export function ensureBatchRunner(config: ServerConfig): Promise<BatchRunner | null> {
  if (!config.library.enabled) return Promise.resolve(null);
  const current = holder.__playgroundBatchRunner;
  if (current) return current;
  const starting = sharedDatabase(config.shares)
    .then((connection) => startBatchRunner(config, connection))
    .catch((error: unknown) => {
      // Tried again by the next batch route (or the next start).
      if (holder.__playgroundBatchRunner === starting) holder.__playgroundBatchRunner = undefined;
      warnAtMostEveryMinute(
        "batch-runner",
        `Image Prompt Playground: the batch runner could not start (${error instanceof Error ? error.message : String(error)}).`,
      );
      return null;
    });
  holder.__playgroundBatchRunner = starting;
  return starting;
}

/**
 * At the server's start: the runner, if any batch is unfinished (it goes on after a restart or a
 * crash with no page open). Otherwise nothing starts until a batch route or page is used, so a
 * playground whose people never make a batch pays nothing for them.
 */
export async function resumeBatchesAtStart(config: ServerConfig): Promise<void> {
  if (!config.library.enabled) return;
  const connection = await sharedDatabase(config.shares).catch(() => null);
  if (connection && (await hasUnfinishedBatches(connection).catch(() => true))) await ensureBatchRunner(config);
}

/** Stops taking rows and waits for the rows being sent (the server is stopping). */
export async function stopBatchRunner(): Promise<void> {
  const runner = await holder.__playgroundBatchRunner?.catch(() => null);
  holder.__playgroundBatchRunner = undefined;
  await runner?.stop();
}
