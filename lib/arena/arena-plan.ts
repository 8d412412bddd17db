import { expandAlternations } from "@/lib/grid/expand-prompt";
import { listOf } from "@/lib/grid/grid-plan";
import { seededRandom } from "@/lib/utils/seeded-random";
import { explainAspectRatioProblem, normaliseAspectRatioText } from "@/lib/request/request-fields";

/**
 * A blind arena's plan: every pair of the chosen models on every prompt, in a shuffled order, each
 * pair's sides balanced (each model on the left as often as on the right, within one).
 */

export type ArenaSpec = { models: string; prompts: string; ratio: string };

/** One pair to judge: `left` and `right` are the models, hidden from the judge until the vote. */
export type ArenaMatch = { index: number; prompt: string; left: string; right: string };

export type ArenaPlan = { models: string[]; prompts: string[]; ratio: string; matches: ArenaMatch[] };

export type ArenaPlanResult = { ok: true; plan: ArenaPlan } | { ok: false; errors: Partial<Record<keyof ArenaSpec | "size", string>> };

export const ARENA_MIN_MODELS = 2;
export const ARENA_MAX_MODELS = 4;

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Each request of the arena counts as a grid cell on the server, so a match costs two of `maxCells`. */
export function planArena(spec: ArenaSpec, limits: { maxCells: number; promptMaxChars: number }, seed: number): ArenaPlanResult {
  const errors: Partial<Record<keyof ArenaSpec | "size", string>> = {};
  const models = listOf(spec.models);
  if (models.length < ARENA_MIN_MODELS || models.length > ARENA_MAX_MODELS)
    errors.models = `Enter ${ARENA_MIN_MODELS} to ${ARENA_MAX_MODELS} different models, separated by commas (${models.length} given).`;
  const lines = spec.prompts
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const prompts = [...new Set(lines.flatMap((line) => expandAlternations(line, limits.maxCells + 1)))];
  if (prompts.length === 0) errors.prompts = "Enter at least one prompt (one per line, or {a|b} alternatives).";
  const tooLong = prompts.find((prompt) => [...prompt].length > limits.promptMaxChars);
  if (tooLong) errors.prompts = `A prompt has more than ${limits.promptMaxChars} characters: “${tooLong.slice(0, 60)}…”.`;
  const ratio = normaliseAspectRatioText(spec.ratio.trim());
  const ratioProblem = explainAspectRatioProblem(ratio);
  if (ratioProblem) errors.ratio = ratioProblem;
  const pairs: [string, string][] = [];
  models.forEach((first, i) => models.slice(i + 1).forEach((second) => pairs.push([first, second])));
  const requests = pairs.length * prompts.length * 2;
  if (!errors.models && !errors.prompts && requests > limits.maxCells)
    errors.size = `That makes ${pairs.length * prompts.length} pairs (${requests} requests); an arena can make at most ${limits.maxCells} requests, as a grid.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  // The same seed gives the same arena after a reload.
  const random = seededRandom(seed);
  const unordered: Omit<ArenaMatch, "index">[] = [];
  for (const [first, second] of pairs) {
    // Half the prompts show the first model on the left, half the second, in a random order.
    const sides = shuffle(
      prompts.map((_, position) => position % 2 === 0),
      random,
    );
    prompts.forEach((prompt, position) => {
      const firstOnLeft = sides[position] ?? true;
      unordered.push({ prompt, left: firstOnLeft ? first : second, right: firstOnLeft ? second : first });
    });
  }
  const matches = shuffle(unordered, random).map((match, index) => ({ index, ...match }));
  return { ok: true, plan: { models, prompts, ratio, matches } };
}
