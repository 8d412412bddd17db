import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BudgetConfig } from "@/lib/server/config/config";
import type { Database, DatabaseConnection } from "@/lib/server/database/connection";
import { budgetOverrides, budgetSpend } from "@/lib/server/database/schema";
import { budgetPeriods } from "./budget-periods";
import { rowsOf } from "@/lib/server/database/result-rows";

/**
 * Per-author budgets, enforced in the database so that every instance on one PostgreSQL server
 * draws from the same count: a generation reserves its images (and their estimated cost) before the
 * service is called, and settles with what the service really made, or releases on failure.
 *
 * A reservation is one call of a database function that locks the day's row then the month's
 * (always in that order, the order settlements take too, so two never wait on each other in a
 * circle) and re-reads them under the lock, so concurrent reservations are counted one after
 * another and none can pass a cap another has just reached.
 */

/** Caps in whole images and millionths of the prices' currency; null: no cap. */
export type BudgetCaps = { imagesPerDay: number | null; imagesPerMonth: number | null; costMicrosPerMonth: number | null };

export type Spend = { images: number; costMicros: number };

export type Reservation = { author: string; day: string; month: string } & Spend;

export type BudgetRefusal = {
  cap: "images-per-day" | "images-per-month" | "cost-per-month";
  limit: number;
  /** Spent (and reserved) in the period when the reservation was refused. */
  used: number;
  renewsAt: Date;
};

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; refusal: BudgetRefusal };

export const MICROS = 1_000_000;

export function capsFromConfig(budgets: BudgetConfig): BudgetCaps {
  return {
    imagesPerDay: budgets.imagesPerDay,
    imagesPerMonth: budgets.imagesPerMonth,
    costMicrosPerMonth: budgets.costPerMonth === null ? null : Math.round(budgets.costPerMonth * MICROS),
  };
}

export function hasAnyCap(budgets: BudgetConfig): boolean {
  return budgets.imagesPerDay !== null || budgets.imagesPerMonth !== null || budgets.costPerMonth !== null;
}

/** node-postgres answers { rows }, PGlite answers { rows } too, but typed apart: read both alike. */
/** The caps that apply to an author: an admin's override where it sets one, else the configured one. */
export async function capsFor(db: Database, author: string, configured: BudgetCaps): Promise<BudgetCaps> {
  const [override] = await db.select().from(budgetOverrides).where(eq(budgetOverrides.author, author)).limit(1);
  if (!override) return configured;
  return {
    imagesPerDay: override.imagesPerDay ?? configured.imagesPerDay,
    imagesPerMonth: override.imagesPerMonth ?? configured.imagesPerMonth,
    costMicrosPerMonth: override.costMicrosPerMonth ?? configured.costMicrosPerMonth,
  };
}

const REFUSING_CAPS = new Set<string>(["images-per-day", "images-per-month", "cost-per-month"]);

/**
 * Reserves in one round trip: the database function `reserve_budget` (migration 0007) reads the
 * caps, locks the day's and the month's rows, checks all caps and adds to both or to neither. A
 * generation waits for this before the service is called, so it is kept to a single statement.
 */
export async function reserveBudget(
  connection: Pick<DatabaseConnection, "db">,
  author: string,
  spend: Spend,
  configured: BudgetCaps,
  now = new Date(),
): Promise<ReserveResult> {
  const periods = budgetPeriods(now);
  // Typed parameters: PGlite and node-postgres would otherwise send numbers as text of unknown type.
  const result = await connection.db.execute(sql`
    SELECT refused, cap_limit, used FROM reserve_budget(
      ${author}::text, ${periods.day}::text, ${periods.month}::text, ${spend.images}::integer, ${spend.costMicros}::bigint,
      ${configured.imagesPerDay}::bigint, ${configured.imagesPerMonth}::bigint, ${configured.costMicrosPerMonth}::bigint)`);
  const [row] = rowsOf(result);
  if (!row) throw new Error("The budget reservation answered no row.");
  const refused = row.refused;
  if (refused === null) return { ok: true, reservation: { author, day: periods.day, month: periods.month, ...spend } };
  if (typeof refused !== "string" || !REFUSING_CAPS.has(refused))
    throw new Error(`The budget reservation named an unknown cap: ${String(refused)}.`);
  const cap = refused as BudgetRefusal["cap"];
  return {
    ok: false,
    refusal: {
      cap,
      limit: Number(row.cap_limit),
      used: Number(row.used),
      renewsAt: cap === "images-per-day" ? periods.dayEnds : periods.monthEnds,
    },
  };
}

/**
 * Replaces a reservation by what was really spent (more or fewer images than asked for; 0 when the
 * call failed). Never refused: what the service made is spent whatever the cap says.
 */
export async function settleBudget(connection: Pick<DatabaseConnection, "db">, reservation: Reservation, actual: Spend): Promise<void> {
  const images = actual.images - reservation.images;
  const costMicros = actual.costMicros - reservation.costMicros;
  if (images === 0 && costMicros === 0) return;
  await connection.db.transaction(async (tx) => {
    // Day then month, the order reservations lock them in.
    for (const period of [reservation.day, reservation.month]) {
      await tx
        .update(budgetSpend)
        .set({ images: sql`${budgetSpend.images} + ${images}`, costMicros: sql`${budgetSpend.costMicros} + ${costMicros}` })
        .where(and(eq(budgetSpend.author, reservation.author), eq(budgetSpend.period, period)));
    }
  });
}

/**
 * Adds what generations that reserved nothing (no cap applied to them) spent, summed per author
 * and period, in one statement. The rows are taken author by author, day then month: the order
 * reservations lock them in.
 */
export async function addSpends(
  connection: Pick<DatabaseConnection, "db">,
  spends: readonly { author: string; spend: Spend; at: Date }[],
): Promise<void> {
  const sums = new Map<string, { author: string; period: string; images: number; costMicros: number }>();
  for (const { author, spend, at } of spends) {
    if (spend.images === 0 && spend.costMicros === 0) continue;
    const periods = budgetPeriods(at);
    for (const period of [periods.day, periods.month]) {
      const key = JSON.stringify([author, period]);
      const sum = sums.get(key) ?? { author, period, images: 0, costMicros: 0 };
      sum.images += spend.images;
      sum.costMicros += spend.costMicros;
      sums.set(key, sum);
    }
  }
  if (sums.size === 0) return;
  // "day:…" sorts before "month:…".
  const rows = [...sums.values()].sort((a, b) => (a.author === b.author ? (a.period < b.period ? -1 : 1) : a.author < b.author ? -1 : 1));
  await connection.db
    .insert(budgetSpend)
    .values(rows)
    .onConflictDoUpdate({
      target: [budgetSpend.author, budgetSpend.period],
      set: {
        images: sql`${budgetSpend.images} + excluded.images`,
        costMicros: sql`${budgetSpend.costMicros} + excluded.cost_micros`,
      },
    });
}

/** What an author has spent today and this month (for the Usage page and the header's meter). */
export async function spendOf(
  connection: Pick<DatabaseConnection, "db">,
  author: string,
  now = new Date(),
): Promise<{ today: Spend; month: Spend }> {
  const periods = budgetPeriods(now);
  const rows = await connection.db
    .select()
    .from(budgetSpend)
    .where(and(eq(budgetSpend.author, author), inArray(budgetSpend.period, [periods.day, periods.month])));
  const find = (period: string) => {
    const row = rows.find((candidate) => candidate.period === period);
    return { images: row?.images ?? 0, costMicros: row?.costMicros ?? 0 };
  };
  return { today: find(periods.day), month: find(periods.month) };
}
