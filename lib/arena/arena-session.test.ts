import { describe, expect, it } from "vitest";
import { planArena } from "./arena-plan";
import { allJudgedSentence, arenaSessionSchema, nextMatch, sessionStandings, votesCsv, withVote, type ArenaSession } from "./arena-session";

function session(): ArenaSession {
  const planned = planArena({ models: "flux, sdxl", prompts: "a fox\na whale", ratio: "1:1" }, { maxCells: 64, promptMaxChars: 100 }, 3);
  if (!planned.ok) throw new Error("planned");
  return { id: "s1", createdAt: 0, spec: { models: "flux, sdxl", prompts: "a fox\na whale", ratio: "1:1" }, plan: planned.plan, votes: [] };
}

describe("arena sessions", () => {
  it("moves through the matches as votes come, keeping the first vote of a match", () => {
    let current = session();
    const first = nextMatch(current);
    expect(first?.index).toBe(0);
    current = withVote(current, 0, "left", 1000);
    current = withVote(current, 0, "right", 2000);
    expect(current.votes).toEqual([{ match: 0, winner: "left", at: 1000 }]);
    expect(nextMatch(current)?.index).toBe(1);
    current = withVote(current, 1, "tie", 3000);
    expect(nextMatch(current)).toBeNull();
    expect(arenaSessionSchema.safeParse(JSON.parse(JSON.stringify(current))).success).toBe(true);
  });

  it("counts the standings by model name, overall and per prompt, and exports the votes as CSV", () => {
    let current = session();
    const [first, second] = current.plan.matches;
    if (!first || !second) throw new Error("two matches");
    current = withVote(current, first.index, "left", Date.UTC(2026, 0, 1));
    current = withVote(current, second.index, "tie", Date.UTC(2026, 0, 2));
    const rows = sessionStandings(current);
    const winner = rows.find((row) => row.model === first.left);
    expect(winner).toMatchObject({ wins: 1, losses: 0, ties: 1 });
    const perPrompt = sessionStandings(current, first.prompt).find((row) => row.model === first.left);
    expect(perPrompt).toMatchObject({ wins: 1, games: 1 });
    const quoted = (fields: (string | number)[]) => fields.map((field) => `"${field}"`).join(",");
    const csv = votesCsv(current).split("\r\n");
    expect(csv[0]).toBe(quoted(["voted_at", "pair", "prompt", "aspect_ratio", "left_model", "right_model", "winner", "winner_model"]));
    expect(csv[1]).toBe(quoted(["2026-01-01T00:00:00.000Z", 1, first.prompt, "1:1", first.left, first.right, "left", first.left]));
    expect(csv[2]).toBe(quoted(["2026-01-02T00:00:00.000Z", 2, second.prompt, "1:1", second.left, second.right, "tie", ""]));
  });
});

describe("allJudgedSentence", () => {
  it("agrees with one pair and with many", () => {
    expect(allJudgedSentence(1)).toBe("The pair is judged.");
    expect(allJudgedSentence(3)).toBe("All 3 pairs are judged.");
  });
});
