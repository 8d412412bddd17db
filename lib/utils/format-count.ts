/**
 * Whole numbers (rounded) with thousands separators, as `toLocaleString("en")` writes them (12,345), without
 * Intl: the first Intl call of a page loads locale data, which costs tens of milliseconds of the
 * main thread on a phone, and the prompt's character counter renders while the page hydrates.
 */
export function formatCount(value: number): string {
  const sign = value < 0 ? "-" : "";
  const digits = String(Math.round(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A count and its noun, plural unless the count is one: "1 run", "1,204 runs". */
export function countOf(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? "" : "s"}`;
}
