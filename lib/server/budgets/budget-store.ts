import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BudgetConfig } from "@/lib/server/config/config";
import type { Database, DatabaseConnection } from "@/lib/server/database/connection";
import { budgetOverrides, budgetSpend } from "@/lib/server/database/schema";
import { budgetPeriods } from "./budget-periods";

/**
 * Per-author budgets, enforced in the database so that every instance on one PostgreSQL server
 * draws from the same count: a generation reserves its images (and their estimated cost) before the
 * service is called, and settles with what the service really made, or releases on failure.
 *
 * A reservation is one transaction of two conditional upserts, the day's row then the month's
 * (always in that order, so two reservations never wait on each other in a circle). The upsert
 * takes the row's lock and re-reads it, so concurrent reservations are counted one after another
 * and none can pass a cap another has just reached.
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

/** Thrown inside the transaction to roll back the day's row when the month's cap refuses. */
class Refused extends Error {
  constructor(readonly refusal: BudgetRefusal) {
    super(refusal.cap);
  }
}

type Executor = Pick<Database, "execute">;

const NO_CAP = Number.MAX_SAFE_INTEGER;

/**
 * Adds `spend` to one period's row if the caps allow it; false when a cap refused (the row is then
 * unchanged). A missing row is created only if the spend fits on its own.
 */
async function addWithinCaps(
  tx: Executor,
  author: string,
  period: string,
  spend: Spend,
  imageCap: number | null,
  costCap: number | null,
): Promise<boolean> {
  // Typed as bigint: untyped parameters would be compared as text ("10" < "9").
  const images = sql`${spend.images}::bigint`;
  const cost = sql`${spend.costMicros}::bigint`;
  const imageLimit = sql`${imageCap ?? NO_CAP}::bigint`;
  const costLimit = sql`${costCap ?? NO_CAP}::bigint`;
  const fitsNew = sql`${images} <= ${imageLimit} AND ${cost} <= ${costLimit}`;
  const fitsExisting = sql`budget_spend.images::bigint + excluded.images <= ${imageLimit}
    AND budget_spend.cost_micros + excluded.cost_micros <= ${costLimit}`;
  const result = await tx.execute(sql`
    INSERT INTO budget_spend (author, period, images, cost_micros)
    SELECT ${author}::text, ${period}::text, ${spend.images}::integer, ${cost} WHERE ${fitsNew}
    ON CONFLICT (author, period) DO UPDATE
      SET images = budget_spend.images + excluded.images, cost_micros = budget_spend.cost_micros + excluded.cost_micros
      WHERE ${fitsExisting}
    RETURNING images`);
  return rowsOf(result).length > 0;
}

/** node-postgres answers { rows }, PGlite answers { rows } too, but typed apart: read both alike. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

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

export async function reserveBudget(
  connection: Pick<DatabaseConnection, "db">,
  author: string,
  spend: Spend,
  configured: BudgetCaps,
  now = new Date(),
): Promise<ReserveResult> {
  const periods = budgetPeriods(now);
  try {
    await connection.db.transaction(async (tx) => {
      const caps = await capsFor(tx as unknown as Database, author, configured);
      if (!(await addWithinCaps(tx, author, periods.day, spend, caps.imagesPerDay, null))) {
        throw new Refused(await refusalFor(tx, author, periods.day, "images-per-day", caps.imagesPerDay ?? 0, periods.dayEnds));
      }
      if (!(await addWithinCaps(tx, author, periods.month, spend, caps.imagesPerMonth, caps.costMicrosPerMonth))) {
        const imagesFull =
          caps.imagesPerMonth !== null && (await spentIn(tx, author, periods.month)).images + spend.images > caps.imagesPerMonth;
        throw new Refused(
          imagesFull
            ? await refusalFor(tx, author, periods.month, "images-per-month", caps.imagesPerMonth ?? 0, periods.monthEnds)
            : await refusalFor(tx, author, periods.month, "cost-per-month", caps.costMicrosPerMonth ?? 0, periods.monthEnds),
        );
      }
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
  return { ok: true, reservation: { author, day: periods.day, month: periods.month, ...spend } };
}

async function spentIn(tx: Pick<Database, "select">, author: string, period: string): Promise<Spend> {
  const [row] = await tx
    .select({ images: budgetSpend.images, costMicros: budgetSpend.costMicros })
    .from(budgetSpend)
    .where(and(eq(budgetSpend.author, author), eq(budgetSpend.period, period)));
  return row ?? { images: 0, costMicros: 0 };
}

async function refusalFor(
  tx: Pick<Database, "select">,
  author: string,
  period: string,
  cap: BudgetRefusal["cap"],
  limit: number,
  renewsAt: Date,
): Promise<BudgetRefusal> {
  const spent = await spentIn(tx, author, period);
  return { cap, limit, used: cap === "cost-per-month" ? spent.costMicros : spent.images, renewsAt };
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
