import "server-only";
import type { BudgetLeft } from "@/lib/request/budget-left";
import type { ServerConfig } from "@/lib/server/config/config";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { readyDatabase, sharedDatabase } from "@/lib/server/database/shared-database";
import { capsFor, capsFromConfig, hasAnyCap, spendOf } from "./budget-store";

/** One person's budget as the page shows it: the tighter image cap (today's or this month's) and the month's cost. */
export async function budgetLeftFor(connection: DatabaseConnection, author: string, config: ServerConfig): Promise<BudgetLeft> {
  const [caps, spent] = await Promise.all([capsFor(connection.db, author, capsFromConfig(config.budgets)), spendOf(connection, author)]);
  const day = caps.imagesPerDay === null ? null : { used: spent.today.images, cap: caps.imagesPerDay, period: "today" as const };
  const month = caps.imagesPerMonth === null ? null : { used: spent.month.images, cap: caps.imagesPerMonth, period: "this month" as const };
  const left = (entry: { used: number; cap: number } | null) => (entry ? entry.cap - entry.used : Number.POSITIVE_INFINITY);
  const currency = Object.values(config.prices).find((price) => price.perImage !== null)?.currency ?? null;
  return {
    images: left(day) <= left(month) ? day : month,
    cost: caps.costMicrosPerMonth === null ? null : { usedMicros: spent.month.costMicros, capMicros: caps.costMicrosPerMonth, currency },
  };
}

/**
 * What the page shows near Generate: null when no cap applies to the person (none configured and no
 * admin's caps for them), or when it cannot be read. Without configured caps the database is only
 * read once open: the page never waits for it to start.
 */
export async function budgetShownTo(config: ServerConfig, author: string): Promise<BudgetLeft | null> {
  const opening = hasAnyCap(config.budgets) ? sharedDatabase(config.shares) : readyDatabase(config.shares);
  if (!opening) return null;
  const left = await opening.then((connection) => budgetLeftFor(connection, author, config)).catch(() => null);
  return left && (left.images || left.cost) ? left : null;
}
