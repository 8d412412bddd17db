import { describe, expect, it } from "vitest";
import { collectionArenaSessionSchema, planCollectionArena, type ArenaCandidate } from "./collection-arena";
import { sessionStandings, withVote } from "./arena-session";

const run = (key: string, model: string, prompt = "a red kite", ratio = "16:9"): ArenaCandidate => ({ key, model, prompt, ratio });

describe("planCollectionArena", () => {
  it("pairs runs of different models on the same prompt, never two of one model or two prompts", () => {
    const planned = planCollectionArena(
      "c1",
      [run("a/1", "flux"), run("a/2", "sdxl"), run("b/3", "flux"), run("a/4", "sdxl", "a blue boat"), run("a/5", "dalle", " A  RED kite ")],
      7,
    );
    expect(planned.ok).toBe(true);
    if (!planned.ok) return;
    const { plan, sides } = planned.session;
    // red kite: flux a/1, sdxl a/2, flux b/3, dalle a/5 → 6 pairs minus the flux–flux one; the boat has one run.
    expect(plan.matches).toHaveLength(5);
    expect(sides).toHaveLength(5);
    const models = new Map([
      ["a/1", "flux"],
      ["a/2", "sdxl"],
      ["b/3", "flux"],
      ["a/5", "dalle"],
    ]);
    plan.matches.forEach((match, index) => {
      const side = sides[index]!;
      expect(match.index).toBe(index);
      expect(match.left).not.toBe(match.right);
      expect(models.get(side.left)).toBe(match.left);
      expect(models.get(side.right)).toBe(match.right);
      expect(match.prompt.toLowerCase().replace(/\s+/g, " ")).toBe("a red kite");
    });
    expect(plan.models).toEqual(["dalle", "flux", "sdxl"]);
    expect(plan.ratio).toBe("16:9");
    expect(collectionArenaSessionSchema.safeParse(planned.session).success).toBe(true);
  });

  it("gives the same arena for the same seed and another order for another", () => {
    const runs = Array.from({ length: 12 }, (_, i) => run(`a/${i}`, `model-${i % 4}`, `prompt ${i % 3}`));
    const first = planCollectionArena("c1", runs, 1, { now: 5 });
    const again = planCollectionArena("c1", runs, 1, { now: 5 });
    const other = planCollectionArena("c1", runs, 2, { now: 5 });
    expect(first).toEqual(again);
    expect(first.ok && other.ok && first.session.sides).not.toEqual(other.ok && other.session.sides);
  });

  it("shows each pair of models on the left in turn", () => {
    const runs = Array.from({ length: 20 }, (_, i) => [run(`a/${i}`, "flux", `p${i}`), run(`b/${i}`, "sdxl", `p${i}`)]).flat();
    const planned = planCollectionArena("c1", runs, 3);
    if (!planned.ok) throw new Error(planned.reason);
    const fluxLeft = planned.session.plan.matches.filter((match) => match.left === "flux").length;
    expect(fluxLeft).toBe(10);
  });

  it("keeps at most the pairs asked for", () => {
    const runs = Array.from({ length: 40 }, (_, i) => run(`a/${i}`, `model-${i}`));
    const planned = planCollectionArena("c1", runs, 3, { maxPairs: 25 });
    expect(planned.ok && planned.session.plan.matches.length).toBe(25);
  });

  it("says why there is no arena", () => {
    const one = planCollectionArena("c1", [run("a/1", "flux"), run("a/2", "flux", "other")], 1);
    expect(one).toEqual({ ok: false, reason: expect.stringContaining("all come from one model") });
    const apart = planCollectionArena("c1", [run("a/1", "flux"), run("a/2", "sdxl", "other")], 1);
    expect(apart).toEqual({ ok: false, reason: expect.stringContaining("no prompt here has pictures from two different models") });
    expect(planCollectionArena("c1", [], 1).ok).toBe(false);
  });

  it("counts votes into the standings like any arena", () => {
    const planned = planCollectionArena("c1", [run("a/1", "flux"), run("a/2", "sdxl")], 1);
    if (!planned.ok) throw new Error(planned.reason);
    const match = planned.session.plan.matches[0]!;
    const voted = withVote(planned.session, 0, match.left === "flux" ? "left" : "right");
    expect(sessionStandings(voted).map((row) => [row.model, row.wins])).toEqual([
      ["flux", 1],
      ["sdxl", 0],
    ]);
  });
});
