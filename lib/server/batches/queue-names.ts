/**
 * Where the batch queue's tables live and what its queues are called, apart from the engine so
 * that the statements reading them (see batch-rows-store.ts) do not load it.
 */

/** The database schema of pg-boss's tables. */
export const QUEUE_SCHEMA = "playground_queue";

/** Each batch has a queue of its own; its name starts with this, followed by the batch's id. */
export const BATCH_QUEUE_PREFIX = "batch-";

export const queueOf = (batchId: string) => `${BATCH_QUEUE_PREFIX}${batchId}`;
