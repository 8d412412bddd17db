/**
 * What is left of the signed-in person's budget, as the page shows it near Generate and in a grid's
 * confirmation. Computed on the server (which enforces it); the page only shows it.
 */

export type BudgetLeft = {
  /** The tighter of the day's and the month's image caps; null without an image cap. */
  images: { used: number; cap: number; period: "today" | "this month" } | null;
  /** The month's estimated cost against its cap, in millionths; null without a cost cap. */
  cost: { usedMicros: number; capMicros: number; currency: string | null } | null;
};

/** From 80 % used, the page warns. */
export const BUDGET_WARNING_SHARE = 0.8;

export function imagesLeft(budget: BudgetLeft | null): number | null {
  return budget?.images ? Math.max(0, budget.images.cap - budget.images.used) : null;
}

/**
 * What a grid of `cells` images does to the budget, for its confirmation ("" without an image
 * cap). Run in the tab, the cells past it are refused; run on the server, the batch pauses there
 * and goes on when the budget renews.
 */
export function gridBudgetNote(cells: number, budget: BudgetLeft | null, where: "here" | "server"): string {
  if (!budget?.images) return "";
  const left = imagesLeft(budget) ?? 0;
  const { period } = budget.images;
  if (cells <= left) return ` It uses ${cells} of the ${left} images left in your budget ${period}.`;
  const past = `Your budget has ${left} image${left === 1 ? "" : "s"} left ${period}:`;
  if (where === "server")
    return ` ${past} the batch pauses after ${left} (budget used) and sends the other ${cells - left} when the budget renews or an admin raises it.`;
  return ` ${past} ${cells - left} of its cells will be refused.`;
}

export function budgetLines(budget: BudgetLeft): { text: string; warning: boolean }[] {
  const lines: { text: string; warning: boolean }[] = [];
  if (budget.images) {
    const { used, cap, period } = budget.images;
    const left = Math.max(0, cap - used);
    lines.push({
      text: `${left} of ${cap} image${cap === 1 ? "" : "s"} left ${period}`,
      warning: cap === 0 || used / cap >= BUDGET_WARNING_SHARE,
    });
  }
  if (budget.cost) {
    const { usedMicros, capMicros, currency } = budget.cost;
    const money = (micros: number) => `${(micros / 1_000_000).toFixed(2)}${currency ? ` ${currency}` : ""}`;
    lines.push({
      text: `${money(Math.max(0, capMicros - usedMicros))} of ${money(capMicros)} left this month (estimated)`,
      warning: capMicros === 0 || usedMicros / capMicros >= BUDGET_WARNING_SHARE,
    });
  }
  return lines;
}
