import "server-only";
import { lt } from "drizzle-orm";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { auditLog } from "@/lib/server/database/schema";
import type { Author } from "@/lib/server/people/author";

/**
 * The append-only record of who did what. Entries are only ever added, and removed when older than
 * PLAYGROUND_AUDIT_DAYS; writing one never holds up the action it records.
 */

export type AuditAction =
  "sign-in" | "sign-out" | "generate" | "share" | "stop-sharing" | "budget-change" | "token-created" | "token-revoked";

export type AuditEntry = {
  action: AuditAction;
  author: Author;
  at?: Date;
  model?: string;
  aspectRatio?: string;
  status?: number;
  images?: number;
  costMicros?: number;
  currency?: string;
  requestId?: string;
  prompt?: string;
  detail?: string;
};

export async function appendAudit(connection: Pick<DatabaseConnection, "db">, entry: AuditEntry): Promise<void> {
  await connection.db.insert(auditLog).values({
    ...(entry.at ? { at: entry.at } : {}),
    action: entry.action,
    author: entry.author.id,
    authorName: entry.author.name,
    model: entry.model ?? null,
    aspectRatio: entry.aspectRatio ?? null,
    status: entry.status ?? null,
    images: entry.images ?? null,
    costMicros: entry.costMicros ?? null,
    currency: entry.currency ?? null,
    requestId: entry.requestId ?? null,
    prompt: entry.prompt ?? null,
    detail: entry.detail ?? null,
  });
}

/** Removes entries older than the retention; how many went. */
export async function purgeAudit(connection: Pick<DatabaseConnection, "db">, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const removed = await connection.db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return removed.length;
}
