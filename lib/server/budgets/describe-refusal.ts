import "server-only";
import { MICROS, type BudgetRefusal } from "./budget-store";

/** A budget refusal in plain words: which cap, how much of it is used, and when it renews. */
export function describeRefusal(refusal: BudgetRefusal, now = new Date()): string {
  const when = renewal(refusal.renewsAt, now);
  switch (refusal.cap) {
    case "images-per-day":
      return `Your budget of ${images(refusal.limit)} a day is used (${refusal.used} so far today). It renews ${when}; an admin can raise it on the Usage page.`;
    case "images-per-month":
      return `Your budget of ${images(refusal.limit)} a month is used (${refusal.used} so far this month). It renews ${when}; an admin can raise it on the Usage page.`;
    case "cost-per-month":
      return `Your budget of ${money(refusal.limit)} a month (estimated at the configured prices) is used (${money(refusal.used)} so far). It renews ${when}; an admin can raise it on the Usage page.`;
  }
}

const images = (count: number) => `${count} image${count === 1 ? "" : "s"}`;

const money = (micros: number) => (micros / MICROS).toFixed(2);

function renewal(renewsAt: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((renewsAt.getTime() - now.getTime()) / 60_000));
  const inWords =
    minutes < 60
      ? `${minutes} min`
      : minutes < 48 * 60
        ? `${Math.floor(minutes / 60)} h ${minutes % 60} min`
        : `${Math.round(minutes / 1440)} days`;
  return `at ${renewsAt.toISOString().slice(0, 16).replace("T", " ")} UTC (in ${inWords})`;
}
