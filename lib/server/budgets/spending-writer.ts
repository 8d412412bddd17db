import "server-only";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { appendAudits, type AuditEntry } from "@/lib/server/audit/audit-log";
import { addSpends, type Spend } from "./budget-store";

/**
 * Generations' spending and their audit entries, written a group at a time: what arrives within
 * GROUP_FOR_MS goes in two statements (the spends summed per person and period, then the entries),
 * not two per generation. They are written after the answer has left anyway; on a busy server
 * (a batch's rows, a grid) the database then does a fraction of the writes, and on the embedded
 * database every statement is time taken from the server's one thread. Each entry keeps the moment
 * it was handed in. The groups live on globalThis: each route bundle of one process has its own
 * copy of this module, and a stopping server writes every group (flushSpendingWrites).
 */

const GROUP_FOR_MS = 50;

export type SpendingWrite = {
  /** What a generation that reserved nothing spent (null: nothing to add, or it was settled already). */
  spend: { author: string; spend: Spend; at: Date } | null;
  audit: AuditEntry;
};

type Pending = SpendingWrite & { written: (error?: unknown) => void };
type Group = { connection: Pick<DatabaseConnection, "db">; pending: Pending[]; timer: ReturnType<typeof setTimeout> | null };

const slot = globalThis as typeof globalThis & { __playgroundSpendingGroups?: Map<Pick<DatabaseConnection, "db">, Group> };
const groups = (slot.__playgroundSpendingGroups ??= new Map());

/** Resolves once written; rejects with the group's failure, for the caller to log with its request id. */
export function writeSpending(connection: Pick<DatabaseConnection, "db">, write: SpendingWrite): Promise<void> {
  return new Promise((resolve, reject) => {
    let group = groups.get(connection);
    if (!group) {
      group = { connection, pending: [], timer: null };
      groups.set(connection, group);
    }
    const audit = { ...write.audit, at: write.audit.at ?? new Date() };
    group.pending.push({ ...write, audit, written: (error?: unknown) => (error === undefined ? resolve() : reject(error)) });
    const current = group;
    current.timer ??= setTimeout(() => void writeGroup(current), GROUP_FOR_MS);
  });
}

async function writeGroup(group: Group): Promise<void> {
  if (group.timer) clearTimeout(group.timer);
  group.timer = null;
  const pending = group.pending;
  group.pending = [];
  // A later write starts a group of its own: no group outlives its writing (nor holds a closed connection).
  if (groups.get(group.connection) === group) groups.delete(group.connection);
  if (pending.length === 0) return;
  try {
    await addSpends(
      group.connection,
      pending.flatMap((write) => (write.spend ? [write.spend] : [])),
    );
    await appendAudits(
      group.connection,
      pending.map((write) => write.audit),
    );
    for (const write of pending) write.written();
  } catch (error) {
    for (const write of pending) write.written(error);
  }
}

/** Every group written now (a stopping server, before its database closes). */
export async function flushSpendingWrites(): Promise<void> {
  await Promise.all([...groups.values()].map(writeGroup));
}
