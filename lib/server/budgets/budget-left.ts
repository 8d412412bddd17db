import "server-only";
import type { BudgetLeft } from "@/lib/request/budget-left";
import type { ServerConfig } from "@/lib/server/config/config";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { capsFor, capsFromConfig, spendOf } from "./budget-store";

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
