import { describe, expect, it } from "vitest";
import { type Verdict, applyVerdict, bestRatedPerRow, verdictChangeForKey, verdictOf, NOTE_MAX_CHARS } from "./verdict";

describe("verdicts", () => {
  it("sets, changes and clears a rating, a pick and a note without storing blanks", () => {
    const rated = applyVerdict<Verdict & { id: string }>({ id: "a" }, { rating: 4, picked: true, note: "  the warm one " });
    expect(rated).toEqual({ id: "a", rating: 4, picked: true, note: "the warm one" });
    const cleared = applyVerdict(rated, { rating: null, picked: false, note: " " });
    expect(cleared).toEqual({ id: "a" });
    expect(Object.keys(cleared)).toEqual(["id"]);
  });

  it("leaves untouched what a change does not name, and caps the note", () => {
    const rated = applyVerdict<Verdict>({ rating: 2 }, { note: "x".repeat(NOTE_MAX_CHARS + 20) });
    expect(rated.rating).toBe(2);
    expect(rated.note).toHaveLength(NOTE_MAX_CHARS);
  });

  it("carries only the verdict over", () => {
    expect(verdictOf({ rating: 5, picked: true, note: "n" })).toEqual({ rating: 5, picked: true, note: "n" });
    expect(verdictOf({})).toEqual({});
  });

  it("reads the keys 1 to 5, 0 and P", () => {
    expect(verdictChangeForKey("3", {})).toEqual({ rating: 3 });
    expect(verdictChangeForKey("0", { rating: 3 })).toEqual({ rating: null });
    expect(verdictChangeForKey("p", {})).toEqual({ picked: true });
    expect(verdictChangeForKey("P", { picked: true })).toEqual({ picked: false });
    expect(verdictChangeForKey("6", {})).toBeNull();
    expect(verdictChangeForKey("a", {})).toBeNull();
  });

  it("marks the best-rated cell of each row, a pick breaking a tie, none in an unrated row", () => {
    const verdicts: Record<string, { rating?: 1 | 2 | 3 | 4 | 5; picked?: boolean }> = {
      a: { rating: 3 },
      b: { rating: 5 },
      c: { rating: 4 },
      d: { rating: 4, picked: true },
      e: {},
    };
    const best = bestRatedPerRow(
      [
        ["a", "b"],
        ["c", "d"],
        ["e", "f"],
      ],
      (cell) => verdicts[cell],
    );
    expect(best).toEqual(["b", "d", null]);
  });
});
