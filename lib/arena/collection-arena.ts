import "@/lib/request/zod-setup";
import * as z from "zod/mini";
import { seededRandom } from "@/lib/utils/seeded-random";
import { arenaSessionSchema, type ArenaSession } from "./arena-session";
import type { ArenaMatch } from "./arena-plan";

/**
 * A blind arena over runs already made (a collection's): every two runs of different models on the
 * same prompt make a pair, shown with the models hidden, so a team can rank models from pictures it
 * has without generating any. Nothing is sent to the service; the standings are the arena's own.
 */

/** A run that can take part: a succeeded run with a picture. `key` names it on the collection. */
export type ArenaCandidate = { key: string; prompt: string; model: string; ratio: string };

/** The runs shown on each side of a match, by match index. */
export type ArenaSides = { left: string; right: string };

export type CollectionArenaSession = ArenaSession & { collection: string; sides: ArenaSides[] };

export const collectionArenaSessionSchema = z.extend(arenaSessionSchema, {
  collection: z.string(),
  sides: z.array(z.object({ left: z.string(), right: z.string() })),
});

/** A judge gets through a few hundred pairs at most; beyond that the standings do not move. */
export const COLLECTION_ARENA_MAX_PAIRS = 300;

export type CollectionArenaPlan = { ok: true; session: CollectionArenaSession } | { ok: false; reason: string };

/** Prompts that differ only in case or spacing are the same prompt. */
const promptKey = (prompt: string) => prompt.trim().replace(/\s+/g, " ").toLowerCase();

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * Pairs every two candidates of different models on the same prompt, in a shuffled order (the same
 * seed gives the same arena), at most `maxPairs`. Each pair of models is shown with either model on
 * the left in turn, so neither side is favoured.
 */
export function planCollectionArena(
  collection: string,
  candidates: readonly ArenaCandidate[],
  seed: number,
  options: { now?: number; maxPairs?: number } = {},
): CollectionArenaPlan {
  const maxPairs = options.maxPairs ?? COLLECTION_ARENA_MAX_PAIRS;
  const byPrompt = new Map<string, ArenaCandidate[]>();
  for (const candidate of candidates) {
    const key = promptKey(candidate.prompt);
    if (!key || !candidate.model) continue;
    byPrompt.set(key, [...(byPrompt.get(key) ?? []), candidate]);
  }
  const pairs: [ArenaCandidate, ArenaCandidate][] = [];
  for (const group of byPrompt.values()) {
    group.forEach((first, i) =>
      group.slice(i + 1).forEach((second) => {
        if (first.model !== second.model) pairs.push([first, second]);
      }),
    );
  }
  if (pairs.length === 0) {
    const models = new Set(candidates.map((candidate) => candidate.model)).size;
    return {
      ok: false,
      reason:
        models < 2
          ? "An arena compares models: this collection's pictures all come from one model."
          : "An arena compares models on the same prompt: no prompt here has pictures from two different models.",
    };
  }

  const random = seededRandom(seed);
  const chosen = shuffle(pairs, random).slice(0, maxPairs);
  const turns = new Map<string, number>();
  const matches: ArenaMatch[] = [];
  const sides: ArenaSides[] = [];
  chosen.forEach(([first, second], index) => {
    const [a, b] = first.model < second.model ? [first, second] : [second, first];
    const models = `${a.model}\n${b.model}`;
    // Start each pair of models on a random side, then alternate.
    const turn = turns.get(models) ?? (random() < 0.5 ? 0 : 1);
    turns.set(models, turn + 1);
    const [left, right] = turn % 2 === 0 ? [a, b] : [b, a];
    matches.push({ index, prompt: left.prompt.trim(), left: left.model, right: right.model });
    sides.push({ left: left.key, right: right.key });
  });
  const models = [...new Set(matches.flatMap((match) => [match.left, match.right]))].sort();
  const prompts = [...new Set(matches.map((match) => match.prompt))];
  const ratios = new Set(chosen.flat().map((candidate) => candidate.ratio));
  const ratio = ratios.size === 1 ? ([...ratios][0] ?? "") : "";
  return {
    ok: true,
    session: {
      id: `${collection}:${seed}`,
      collection,
      createdAt: options.now ?? Date.now(),
      spec: { models: models.join(", "), prompts: prompts.join("\n"), ratio },
      plan: { models, prompts, ratio, matches },
      votes: [],
      sides,
    },
  };
}
