/**
 * Standings of a blind arena from its votes: per model, wins, losses, ties, a win rate with a 95 %
 * Wilson interval, and a Bradley–Terry strength fitted to every vote.
 */

export type Vote = { left: string; right: string; winner: "left" | "right" | "tie" };

export type Standing = {
  model: string;
  wins: number;
  losses: number;
  ties: number;
  games: number;
  /** Ties count half a win. Null before the model's first game. */
  winRate: number | null;
  interval: [number, number] | null;
  /** 1 is an average model; 2 wins two of three games against one (see bradleyTerry). */
  strength: number;
};

const Z_95 = 1.959963984540054;

/** The Wilson score interval for `successes` of `trials` (successes may be fractional: ties are halves). */
export function wilsonInterval(successes: number, trials: number, z = Z_95): [number, number] | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * Bradley–Terry strengths p (model i beats j with probability p_i / (p_i + p_j)), fitted by
 * Hunter's MM iteration. A tie counts half a win to each side. Every model also plays one virtual
 * tie against a reference of strength 1: with a handful of votes a model that never lost would
 * otherwise get an infinite strength (and one that never won, zero); with many votes its weight
 * fades. So 1 reads as "average".
 */
export function bradleyTerry(models: readonly string[], votes: readonly Vote[], iterations = 2000): Map<string, number> {
  const index = new Map(models.map((model, position) => [model, position]));
  const n = models.length;
  // Virtual games against the reference (index n) first.
  const wins = new Array<number>(n + 1).fill(0.5);
  const games: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(n + 1).fill(0));
  for (let i = 0; i < n; i += 1) {
    (games[i] as number[])[n] = 1;
    (games[n] as number[])[i] = 1;
  }
  wins[n] = n / 2;
  for (const vote of votes) {
    const a = index.get(vote.left);
    const b = index.get(vote.right);
    if (a === undefined || b === undefined || a === b) continue;
    (games[a] as number[])[b] = ((games[a] as number[])[b] as number) + 1;
    (games[b] as number[])[a] = ((games[b] as number[])[a] as number) + 1;
    if (vote.winner === "left") wins[a] = (wins[a] as number) + 1;
    else if (vote.winner === "right") wins[b] = (wins[b] as number) + 1;
    else {
      wins[a] = (wins[a] as number) + 0.5;
      wins[b] = (wins[b] as number) + 0.5;
    }
  }
  let strengths = new Array<number>(n + 1).fill(1);
  for (let step = 0; step < iterations; step += 1) {
    const next = strengths.map((strength, i) => {
      if (i === n) return 1;
      let sum = 0;
      for (let j = 0; j <= n; j += 1) {
        const played = (games[i] as number[])[j] as number;
        if (played > 0) sum += played / (strength + (strengths[j] as number));
      }
      return (wins[i] as number) / sum;
    });
    const change = next.reduce((largest, value, i) => Math.max(largest, Math.abs(value - (strengths[i] as number))), 0);
    strengths = next;
    if (change < 1e-12) break;
  }
  return new Map(models.map((model, i) => [model, strengths[i] as number]));
}

/** One row per model, strongest first (ties by win rate, then name). */
export function standings(models: readonly string[], votes: readonly Vote[]): Standing[] {
  const strengths = bradleyTerry(models, votes);
  const rows = models.map((model): Standing => {
    let wins = 0;
    let losses = 0;
    let ties = 0;
    for (const vote of votes) {
      const side = vote.left === model ? "left" : vote.right === model ? "right" : null;
      if (!side) continue;
      if (vote.winner === "tie") ties += 1;
      else if (vote.winner === side) wins += 1;
      else losses += 1;
    }
    const games = wins + losses + ties;
    const score = wins + ties / 2;
    return {
      model,
      wins,
      losses,
      ties,
      games,
      winRate: games > 0 ? score / games : null,
      interval: wilsonInterval(score, games),
      strength: strengths.get(model) ?? 1,
    };
  });
  return rows.sort((a, b) => b.strength - a.strength || (b.winRate ?? -1) - (a.winRate ?? -1) || a.model.localeCompare(b.model));
}
