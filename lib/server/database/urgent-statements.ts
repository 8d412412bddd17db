import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Statements something waits on right now, marked so: the embedded database runs them before the
 * others waiting (see embedded-worker.mjs). A batch's next send waits on its row's claim and on the
 * previous row's answer being kept; the runs being recorded meanwhile can wait a few milliseconds.
 * On PostgreSQL (a pool of connections, each its own server process) nothing waits in one line,
 * and the mark changes nothing.
 */

const urgency = new AsyncLocalStorage<true>();

/** Runs `work`; the statements it sends are urgent. */
export function urgently<T>(work: () => Promise<T>): Promise<T> {
  return urgency.run(true, work);
}

export function isUrgent(): boolean {
  return urgency.getStore() === true;
}
