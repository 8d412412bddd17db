import "server-only";
import { lt } from "drizzle-orm";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { auditLog } from "@/lib/server/database/schema";
import type { Author } from "@/lib/server/people/author";
import type { ServerConfig } from "@/lib/server/config/config";
import { openedDatabase } from "@/lib/server/database/shared-database";

/**
 * The append-only record of who did what. Entries are only ever added, and removed when older than
 * PLAYGROUND_AUDIT_DAYS; writing one never holds up the action it records.
 */

export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-out",
  "generate",
  "share",
  "stop-sharing",
  "budget-change",
  "token-created",
  "token-revoked",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

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
  await appendAudits(connection, [entry]);
}

/** Several entries in one statement, in their order. */
export async function appendAudits(connection: Pick<DatabaseConnection, "db">, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await connection.db.insert(auditLog).values(
    entries.map((entry) => ({
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
    })),
  );
}

/**
 * Appends after the action, without holding it up, on the database the server opened: a failure
 * is logged (with the request id), never answered.
 */
export function auditLater(config: Pick<ServerConfig, "shares">, entry: AuditEntry): void {
  const opening = openedDatabase(config.shares);
  if (!opening) return;
  void opening
    .then((connection) => appendAudit(connection, entry))
    .catch((error: unknown) =>
      process.stderr.write(
        `${JSON.stringify({ level: "error", requestId: entry.requestId, error: `Writing the audit log failed: ${error instanceof Error ? error.message : String(error)}` })}\n`,
      ),
    );
}

/** Removes entries older than the retention; how many went. */
export async function purgeAudit(connection: Pick<DatabaseConnection, "db">, days: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const removed = await connection.db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return removed.length;
}
