/**
 * The periods a budget counts in, in UTC so that every instance and every person agrees on when a
 * day or a month ends: "day:2026-11-25" and "month:2026-11".
 */

export type BudgetPeriods = { day: string; month: string; dayEnds: Date; monthEnds: Date };

export function budgetPeriods(now: Date): BudgetPeriods {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const date = now.getUTCDate();
  const iso = now.toISOString();
  return {
    day: `day:${iso.slice(0, 10)}`,
    month: `month:${iso.slice(0, 7)}`,
    dayEnds: new Date(Date.UTC(year, month, date + 1)),
    monthEnds: new Date(Date.UTC(year, month + 1, 1)),
  };
}
