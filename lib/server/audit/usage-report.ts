import "server-only";
import { and, desc, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { auditLog } from "@/lib/server/database/schema";
import type { UsageLineData } from "@/lib/usage/usage-report-data";

/**
 * What the Usage page and its exports read from the audit log: generations summed by person, by
 * model and by day, for a range of days (UTC), and the log itself newest first, a page at a time.
 * `author` narrows everything to one person (what a member sees).
 */

export type UsageRange = { from: Date; to: Date; author: string | null };

/** A sum by person or by model: the same shape the page receives. */
export type UsageLine = UsageLineData;

export type DailyUsage = { day: string; model: string; images: number; costMicros: number };

function inRange(range: UsageRange): SQL {
  const conditions = [eq(auditLog.action, "generate"), gte(auditLog.at, range.from), lt(auditLog.at, range.to)];
  if (range.author !== null) conditions.push(eq(auditLog.author, range.author));
  return and(...conditions) ?? sql`true`;
}

const sums = {
  requests: sql<number>`count(*)::integer`,
  images: sql<number>`coalesce(sum(${auditLog.images}), 0)::integer`,
  failures: sql<number>`(count(*) filter (where ${auditLog.status} < 200 or ${auditLog.status} >= 300))::integer`,
  costMicros: sql<number>`coalesce(sum(${auditLog.costMicros}), 0)::bigint`,
  currency: sql<string | null>`max(${auditLog.currency})`,
};

export async function usageByPerson(connection: Pick<DatabaseConnection, "db">, range: UsageRange): Promise<UsageLine[]> {
  const rows = await connection.db
    .select({ key: auditLog.author, name: sql<string>`max(${auditLog.authorName})`, ...sums })
    .from(auditLog)
    .where(inRange(range))
    .groupBy(auditLog.author)
    .orderBy(sql`count(*) desc`, auditLog.author);
  return rows.map(normalise);
}

export async function usageByModel(connection: Pick<DatabaseConnection, "db">, range: UsageRange): Promise<UsageLine[]> {
  const model = sql<string>`coalesce(${auditLog.model}, '')`;
  const rows = await connection.db
    .select({ key: model, name: model, ...sums })
    .from(auditLog)
    .where(inRange(range))
    .groupBy(model)
    .orderBy(sql`count(*) desc`, model);
  return rows.map(normalise);
}

export async function dailyUsage(connection: Pick<DatabaseConnection, "db">, range: UsageRange): Promise<DailyUsage[]> {
  const day = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const model = sql<string>`coalesce(${auditLog.model}, '')`;
  const rows = await connection.db
    .select({ day, model, images: sums.images, costMicros: sums.costMicros })
    .from(auditLog)
    .where(inRange(range))
    .groupBy(day, model)
    .orderBy(day, model);
  return rows.map((row) => ({ ...row, images: Number(row.images), costMicros: Number(row.costMicros) }));
}

function normalise(row: UsageLine): UsageLine {
  // bigint sums arrive as strings from node-postgres.
  return {
    ...row,
    requests: Number(row.requests),
    images: Number(row.images),
    failures: Number(row.failures),
    costMicros: Number(row.costMicros),
  };
}

export type AuditRow = typeof auditLog.$inferSelect;

export type AuditFilter = { author: string | null; action: string | null; from: Date; to: Date };

/** One page of the log, newest first; `before` is the id the previous page ended at. */
export async function auditPage(
  connection: Pick<DatabaseConnection, "db">,
  filter: AuditFilter,
  page: { before: number | null; size: number },
): Promise<{ rows: AuditRow[]; next: number | null }> {
  const conditions = [gte(auditLog.at, filter.from), lt(auditLog.at, filter.to)];
  if (filter.author !== null) conditions.push(eq(auditLog.author, filter.author));
  if (filter.action !== null) conditions.push(eq(auditLog.action, filter.action));
  if (page.before !== null) conditions.push(lte(auditLog.id, page.before - 1));
  const rows = await connection.db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(page.size + 1);
  const more = rows.length > page.size;
  const shown = more ? rows.slice(0, page.size) : rows;
  return {
    rows: shown.map((row) => ({ ...row, costMicros: row.costMicros === null ? null : Number(row.costMicros) })),
    next: more ? (shown.at(-1)?.id ?? null) : null,
  };
}
