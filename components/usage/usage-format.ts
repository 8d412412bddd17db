/** How the Usage page writes amounts: money in millionths to two decimals with its currency (counts: lib/utils/format-count). */

export const MICROS_PER_UNIT = 1_000_000;

export function formatCost(micros: number, currency: string | null): string {
  if (currency === null && micros === 0) return "—";
  return `${(micros / MICROS_PER_UNIT).toFixed(2)}${currency ? ` ${currency}` : ""}`;
}
