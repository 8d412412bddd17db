/**
 * A person's verdict on a run: a rating of 1 to 5 stars, a pick (the chosen one) and a short note.
 * Kept in the run's summary, so the history list filters and sorts by it without reading answers.
 */

export const RATINGS = [1, 2, 3, 4, 5] as const;
export type Rating = (typeof RATINGS)[number];

export const NOTE_MAX_CHARS = 500;

export type Verdict = { rating?: Rating; picked?: boolean; note?: string };

/** A change to a verdict: `rating: null` clears it, an empty note removes it. */
export type VerdictChange = { rating?: Rating | null; picked?: boolean; note?: string };

export function isRating(value: unknown): value is Rating {
  return typeof value === "number" && (RATINGS as readonly number[]).includes(value);
}

/** `run` with `change` applied; fields that end up empty are left out, not stored as blanks. */
export function applyVerdict<T extends Verdict>(run: T, change: VerdictChange): T {
  const next: T = { ...run };
  if (change.rating !== undefined) {
    if (change.rating === null) delete next.rating;
    else next.rating = change.rating;
  }
  if (change.picked !== undefined) {
    if (change.picked) next.picked = true;
    else delete next.picked;
  }
  if (change.note !== undefined) {
    const note = change.note.trim().slice(0, NOTE_MAX_CHARS);
    if (note) next.note = note;
    else delete next.note;
  }
  return next;
}

/** Only the verdict's fields of `run`, to carry over to a new copy of it (a job's final answer). */
export function verdictOf(run: Verdict): Verdict {
  return applyVerdict({}, { rating: run.rating ?? null, picked: run.picked ?? false, note: run.note ?? "" });
}

/** `run` without the verdict: what a shared page carries (ratings and notes are the sharer's own). */
export function withoutVerdict<T extends Verdict>(run: T): T {
  return applyVerdict(run, { rating: null, picked: false, note: "" });
}

/** The key a person presses on a focused run or cell: 1–5 rate, 0 clears, P toggles the pick. */
export function verdictChangeForKey(key: string, current: Verdict): VerdictChange | null {
  if (key === "0") return { rating: null };
  const digit = Number(key);
  if (key.length === 1 && isRating(digit)) return { rating: digit };
  if (key === "p" || key === "P") return { picked: !current.picked };
  return null;
}

export function ratingText(rating: Rating): string {
  return rating === 1 ? "1 star" : `${rating} stars`;
}

/**
 * Per row of a table of cells, the index of the best-rated cell: the highest rating, ties going to
 * the cell that is also picked, then to the first. A row with nothing rated has none.
 */
export function bestRatedPerRow<T>(rows: readonly (readonly T[])[], verdictOfCell: (cell: T) => Verdict | undefined): (T | null)[] {
  return rows.map((row) => {
    let best: T | null = null;
    let bestScore = 0;
    for (const cell of row) {
      const verdict = verdictOfCell(cell);
      if (!verdict?.rating) continue;
      const score = verdict.rating * 2 + (verdict.picked ? 1 : 0);
      if (score > bestScore) {
        best = cell;
        bestScore = score;
      }
    }
    return best;
  });
}
