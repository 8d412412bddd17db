import { describe, expect, it } from "vitest";
import { bradleyTerry, standings, wilsonInterval, type Vote } from "./standings";

describe("wilsonInterval", () => {
  it("matches hand-computed 95 % intervals", () => {
    // 8 of 10: p = 0.8, z² = 3.8415; centre (0.8 + 0.19208) / 1.38415 = 0.71675,
    // half 1.96 · √(0.016 + 0.009604) / 1.38415 = 0.22658.
    const [low, high] = wilsonInterval(8, 10) ?? [NaN, NaN];
    expect(low).toBeCloseTo(0.4902, 4);
    expect(high).toBeCloseTo(0.9433, 4);
    // 1 of 1: centre (1 + 1.92073) / 4.84146 = 0.60328, half 1.96 · √(0.96037) / 4.84146 = 0.39672.
    const [oneLow, oneHigh] = wilsonInterval(1, 1) ?? [NaN, NaN];
    expect(oneLow).toBeCloseTo(0.2065, 4);
    expect(oneHigh).toBeCloseTo(1, 6);
    // Half of two (a win and a loss, or two ties): symmetric about 0.5.
    const [halfLow, halfHigh] = wilsonInterval(1, 2) ?? [NaN, NaN];
    expect(halfLow + halfHigh).toBeCloseTo(1, 10);
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe("bradleyTerry", () => {
  it("gives equal strengths to a perfect cycle", () => {
    const votes: Vote[] = [];
    for (const [a, b] of [
      ["A", "B"],
      ["B", "C"],
      ["C", "A"],
    ] as const) {
      votes.push({ left: a, right: b, winner: "left" }, { left: a, right: b, winner: "left" }, { left: b, right: a, winner: "left" });
    }
    const strengths = bradleyTerry(["A", "B", "C"], votes);
    for (const model of ["A", "B", "C"]) expect(strengths.get(model)).toBeCloseTo(1, 9);
  });

  it("solves a two-model arena by hand: one vote for A", () => {
    // With the virtual tie against the reference (strength 1), p_B = 1 / p_A by symmetry and
    // x = p_A solves x² / (x² + 1) + x / (x + 1) = 1.5; bisection by hand gives x = 2.1304.
    const strengths = bradleyTerry(["A", "B"], [{ left: "B", right: "A", winner: "right" }]);
    const a = strengths.get("A") ?? NaN;
    const b = strengths.get("B") ?? NaN;
    expect(a).toBeCloseTo(2.1304, 3);
    expect(a * b).toBeCloseTo(1, 9);
  });

  it("meets the maximum-likelihood equations: expected wins equal actual wins", () => {
    const votes: Vote[] = [
      { left: "A", right: "B", winner: "left" },
      { left: "A", right: "B", winner: "left" },
      { left: "B", right: "A", winner: "left" },
      { left: "B", right: "C", winner: "left" },
      { left: "C", right: "B", winner: "tie" },
      { left: "A", right: "C", winner: "left" },
      { left: "C", right: "A", winner: "right" },
      { left: "C", right: "A", winner: "left" },
    ];
    const models = ["A", "B", "C"];
    const p = bradleyTerry(models, votes);
    const strength = (model: string) => p.get(model) ?? 1;
    for (const model of models) {
      let actual = 0.5; // the virtual tie
      let expected = strength(model) / (strength(model) + 1);
      for (const vote of votes) {
        const side = vote.left === model ? "left" : vote.right === model ? "right" : null;
        if (!side) continue;
        const other = side === "left" ? vote.right : vote.left;
        actual += vote.winner === "tie" ? 0.5 : vote.winner === side ? 1 : 0;
        expected += strength(model) / (strength(model) + strength(other));
      }
      expect(expected).toBeCloseTo(actual, 8);
    }
    expect(strength("A")).toBeGreaterThan(strength("B"));
    expect(strength("B")).toBeGreaterThan(strength("C"));
  });
});

describe("standings", () => {
  it("counts wins, losses and ties per model, ties as half a win, strongest first", () => {
    const votes: Vote[] = [
      { left: "flux", right: "sdxl", winner: "left" },
      { left: "sdxl", right: "flux", winner: "right" },
      { left: "flux", right: "sdxl", winner: "tie" },
    ];
    const rows = standings(["sdxl", "flux", "idle"], votes);
    expect(rows.map((row) => [row.model, row.wins, row.losses, row.ties, row.games])).toEqual([
      ["flux", 2, 0, 1, 3],
      ["idle", 0, 0, 0, 0],
      ["sdxl", 0, 2, 1, 3],
    ]);
    expect(rows[0]?.winRate).toBeCloseTo(2.5 / 3, 10);
    expect(rows[1]?.winRate).toBeNull();
    expect(rows[1]?.strength).toBeCloseTo(1, 9);
    expect(rows[2]?.interval?.[0]).toBeCloseTo(wilsonInterval(0.5, 3)?.[0] ?? NaN, 10);
  });
});
