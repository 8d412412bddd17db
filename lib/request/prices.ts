import type { ServiceUsage } from "@/lib/answer/service-usage";
import type { ReportedCost } from "@/lib/answer/format-money";

/**
 * What the team pays per model, from IMAGE_PRICES, for estimates the page labels as estimates: per
 * run, per grid (before it runs, in its confirmation, and after), and today's total in history.
 * Without a price for a model, nothing is estimated: only what the service reported is shown.
 *
 * IMAGE_PRICES='{"gpt-image-1": {"per_image": 0.04, "per_million_output_tokens": 40, "currency": "USD"}}'
 */

export type ModelPrice = { perImage: number | null; perMillionOutputTokens: number | null; currency: string };
export type Prices = Record<string, ModelPrice>;

export const NO_PRICES: Prices = {};

const isPrice = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

export function parsePrices(text: string | undefined): { ok: true; prices: Prices } | { ok: false; problem: string } {
  if (text === undefined || text.trim() === "") return { ok: true, prices: NO_PRICES };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "is not JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { ok: false, problem: "must be a JSON object keyed by model" };
  const prices: Prices = {};
  for (const [model, entry] of Object.entries(value)) {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return { ok: false, problem: `${model}: must be an object` };
    const { per_image: perImage, per_million_output_tokens: perMillion, currency = "USD" } = entry as Record<string, unknown>;
    if (perImage !== undefined && !isPrice(perImage)) return { ok: false, problem: `${model}: per_image must be a number ≥ 0` };
    if (perMillion !== undefined && !isPrice(perMillion)) {
      return { ok: false, problem: `${model}: per_million_output_tokens must be a number ≥ 0` };
    }
    if (perImage === undefined && perMillion === undefined) {
      return { ok: false, problem: `${model}: give per_image and/or per_million_output_tokens` };
    }
    if (typeof currency !== "string" || !/^[A-Za-z]{3}$/.test(currency))
      return { ok: false, problem: `${model}: currency must be a 3-letter code` };
    prices[model] = { perImage: perImage ?? null, perMillionOutputTokens: perMillion ?? null, currency: currency.toUpperCase() };
  }
  return { ok: true, prices };
}

/** A run's estimated cost: its images at the per-image price, plus its reported output tokens at the token price. */
export function estimateRunCost(price: ModelPrice | undefined, run: { images: number; usage: ServiceUsage | null }): ReportedCost | null {
  if (!price) return null;
  const tokens = run.usage?.outputTokens;
  const byImage = price.perImage !== null ? price.perImage * run.images : null;
  const byTokens =
    price.perMillionOutputTokens !== null && tokens !== undefined ? (price.perMillionOutputTokens * tokens) / 1_000_000 : null;
  if (byImage === null && byTokens === null) return null;
  return { amount: (byImage ?? 0) + (byTokens ?? 0), currency: price.currency };
}

/** Costs added up per currency (a team may price models in several): "0.40 USD + 0.12 EUR". */
export function sumCosts(costs: readonly (ReportedCost | null)[]): ReportedCost[] {
  const totals = new Map<string, number>();
  for (const cost of costs) if (cost) totals.set(cost.currency ?? "", (totals.get(cost.currency ?? "") ?? 0) + cost.amount);
  return [...totals].map(([currency, amount]) => ({ amount, currency: currency || null }));
}

/**
 * A grid's cost before it runs: one image per request at each model's per-image price. Requests
 * whose model is priced by tokens only, or not priced, are counted apart: their cost is not known
 * until the service reports it.
 */
export function estimateBeforeRun(models: readonly string[], prices: Prices): { costs: ReportedCost[]; notEstimated: number } {
  let notEstimated = 0;
  const costs = models.map((model) => {
    const price = prices[model];
    if (!price || price.perImage === null) {
      notEstimated += 1;
      return null;
    }
    return { amount: price.perImage, currency: price.currency };
  });
  return { costs: sumCosts(costs), notEstimated };
}

/** "≈ 0.48 USD estimated" (+ "; 2 requests not estimated"), or null when nothing is priced. */
export function describeEstimate(
  estimate: { costs: ReportedCost[]; notEstimated: number },
  format: (cost: ReportedCost) => string,
): string | null {
  if (estimate.costs.length === 0) return null;
  const amount = `≈ ${estimate.costs.map(format).join(" + ")} estimated`;
  return estimate.notEstimated > 0
    ? `${amount} (${estimate.notEstimated} request${estimate.notEstimated === 1 ? "" : "s"} not priced per image)`
    : amount;
}
