import { formatCount } from "@/lib/utils/format-count";
import { streamTreeValue, type AnswerBody } from "./interpret-answer";
import { formatMoney, type ReportedCost } from "./format-money";

/**
 * What an answer says it cost, whatever its shape: OpenAI's `usage` tokens (input/output/total, or
 * prompt/completion), Gemini's `usageMetadata` token counts, credits (`credits`, `credits_used`,
 * `credit_cost`), a reported cost (`cost`, `total_cost`, `cost_usd`, `price`, as a number or as
 * `{amount, currency}`), and `billing` objects holding any of those. Only reported figures: an
 * amount is never invented here (estimates from IMAGE_PRICES are labelled as such elsewhere).
 */

export type ServiceUsage = {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
  credits?: number;
  cost?: ReportedCost;
};

const MAX_DEPTH = 4;
const MAX_NODES = 5000;

const INPUT_TOKENS = new Set(["input_tokens", "prompt_tokens", "inputtokens", "prompttokencount"]);
const OUTPUT_TOKENS = new Set(["output_tokens", "completion_tokens", "outputtokens", "candidatestokencount"]);
const TOTAL_TOKENS = new Set(["total_tokens", "totaltokens", "totaltokencount"]);
const CREDITS = new Set(["credits", "credits_used", "credits_consumed", "credit_cost", "creditsused"]);
const COSTS = new Set(["cost", "total_cost", "cost_usd", "price", "amount_usd", "costusd"]);

const isCount = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

function costOf(key: string, value: unknown): ReportedCost | null {
  const usd = /usd/.test(key) ? "USD" : null;
  if (isCount(value)) return { amount: value, currency: usd };
  if (typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim())) return { amount: Number(value), currency: usd };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const amount = [record.amount, record.value, record.total].find(isCount);
  if (amount === undefined) return null;
  const currency = typeof record.currency === "string" ? record.currency.toUpperCase() : usd;
  return { amount, currency };
}

export function findUsage(answer: unknown): ServiceUsage | null {
  const usage: ServiceUsage = {};
  const queue: { value: unknown; depth: number }[] = [{ value: answer, depth: 0 }];
  for (let visited = 0; queue.length > 0 && visited < MAX_NODES; visited++) {
    const { value, depth } = queue.shift() as { value: unknown; depth: number };
    if (typeof value !== "object" || value === null || depth > MAX_DEPTH) continue;
    if (Array.isArray(value)) {
      // The last items of a list (a stream's final events) speak last: read them first.
      for (let index = value.length - 1; index >= 0 && index >= value.length - 50; index--)
        queue.push({ value: value[index], depth: depth + 1 });
      continue;
    }
    for (const [rawKey, child] of Object.entries(value)) {
      const key = rawKey.toLowerCase();
      if (usage.inputTokens === undefined && INPUT_TOKENS.has(key) && isCount(child)) usage.inputTokens = child;
      else if (usage.outputTokens === undefined && OUTPUT_TOKENS.has(key) && isCount(child)) usage.outputTokens = child;
      else if (usage.totalTokens === undefined && TOTAL_TOKENS.has(key) && isCount(child)) usage.totalTokens = child;
      else if (usage.credits === undefined && CREDITS.has(key) && isCount(child)) usage.credits = child;
      else if (usage.cost === undefined && COSTS.has(key)) usage.cost = costOf(key, child) ?? undefined;
      if (typeof child === "object" && child !== null) queue.push({ value: child, depth: depth + 1 });
    }
  }
  for (const key of Object.keys(usage) as (keyof ServiceUsage)[]) if (usage[key] === undefined) delete usage[key];
  return Object.keys(usage).length > 0 ? usage : null;
}

/** "50 in · 50 out tokens · 2 credits · 0.04 USD reported" */
export function describeUsage(usage: ServiceUsage): string {
  const parts: string[] = [];
  if (usage.inputTokens !== undefined || usage.outputTokens !== undefined) {
    const sides = [
      usage.inputTokens === undefined ? null : `${formatCount(usage.inputTokens)} in`,
      usage.outputTokens === undefined ? null : `${formatCount(usage.outputTokens)} out`,
    ].filter(Boolean);
    parts.push(`${sides.join(" · ")} tokens`);
  } else if (usage.totalTokens !== undefined) parts.push(`${formatCount(usage.totalTokens)} tokens`);
  if (usage.credits !== undefined) {
    const credits = Number.isInteger(usage.credits) ? formatCount(usage.credits) : String(Number(usage.credits.toFixed(4)));
    parts.push(`${credits} credit${usage.credits === 1 ? "" : "s"}`);
  }
  if (usage.cost) parts.push(`${formatMoney(usage.cost)} reported`);
  return parts.join(" · ");
}

/** The usage an interpreted answer reports: in its JSON, or in its stream's events (the last ones first). */
export function usageOfBody(body: AnswerBody): ServiceUsage | null {
  if (body.kind === "json") return findUsage(body.value);
  if (body.kind === "stream") return findUsage(streamTreeValue(body.events));
  return null;
}
