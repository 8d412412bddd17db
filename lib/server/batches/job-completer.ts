import "server-only";
import type { QueueEngine } from "./queue-engine";

/**
 * How long a settled job waits for others to be completed with it: a batch at 80 rows a second
 * completes about twenty in one statement (at 50 ms it was four or five, each statement about as
 * costly as a fetch on the embedded database).
 */
const COMPLETE_EVERY_MS = 250;

/**
 * Completes the queue's jobs a few at a time rather than one statement each. Safe to defer: a
 * row's own record says what became of the row (settled, or waiting with no job or another one); a
 * job left active by a crash only expires, and a job delivered again finds its row settled or
 * naming another job, and does nothing (the claim checks the job's id).
 */
export function jobCompleter(engine: QueueEngine) {
  let pending = new Map<string, string[]>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const settled = pending;
    pending = new Map();
    // A queue may have gone with its batch's end on another instance: its jobs went with it.
    await Promise.all([...settled].map(([queue, ids]) => engine.complete(queue, ids).catch(() => undefined)));
  };
  return {
    complete(queue: string, id: string) {
      pending.set(queue, [...(pending.get(queue) ?? []), id]);
      timer ??= setTimeout(() => void flush(), COMPLETE_EVERY_MS);
    },
    /** Every job handed in so far completed now (before a queue is deleted, and at stop). */
    flush,
  };
}
