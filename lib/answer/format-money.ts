/**
 * An amount as the playground writes it: "0.04 USD", "0.0012" (four digits under a cent). Kept apart
 * from service-usage, which reads answers: the history panel and the grid need only this, and
 * importing it from there pulled the whole answer reader (zip archives included) into their code.
 */

export type ReportedCost = { amount: number; currency: string | null };

export function formatMoney(cost: ReportedCost): string {
  const digits = cost.amount !== 0 && cost.amount < 0.01 ? 4 : 2;
  return `${cost.amount.toFixed(digits)}${cost.currency ? ` ${cost.currency}` : ""}`;
}
