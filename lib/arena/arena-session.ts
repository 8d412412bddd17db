import "@/lib/request/zod-setup";
import * as z from "zod/mini";
import type { ArenaMatch, ArenaPlan, ArenaSpec } from "./arena-plan";
import { standings, type Vote } from "./standings";
import { toCsv } from "@/lib/history/runs-csv";

/**
 * An arena session: its plan, the seed it was shuffled with, and the votes given so far. Kept in
 * the browser so a reload or another day goes on where the judge stopped.
 */

export type ArenaWinner = Vote["winner"];
export type ArenaVote = { match: number; winner: ArenaWinner; at: number };

export type ArenaSession = {
  id: string;
  createdAt: number;
  spec: ArenaSpec;
  plan: ArenaPlan;
  votes: ArenaVote[];
};

const matchSchema = z.object({ index: z.int(), prompt: z.string(), left: z.string(), right: z.string() });

export const arenaSessionSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  createdAt: z.number(),
  spec: z.object({ models: z.string(), prompts: z.string(), ratio: z.string() }),
  plan: z.object({ models: z.array(z.string()), prompts: z.array(z.string()), ratio: z.string(), matches: z.array(matchSchema) }),
  votes: z.array(z.object({ match: z.int(), winner: z.enum(["left", "right", "tie"]), at: z.number() })),
});

/** The first match not voted on yet, or null when the arena is finished. */
export function nextMatch(session: ArenaSession): ArenaMatch | null {
  const voted = new Set(session.votes.map((vote) => vote.match));
  return session.plan.matches.find((match) => !voted.has(match.index)) ?? null;
}

/** The session with one more vote (a match voted on twice keeps its first vote). */
export function withVote<Session extends ArenaSession>(session: Session, match: number, winner: ArenaWinner, at = Date.now()): Session {
  if (session.votes.some((vote) => vote.match === match)) return session;
  return { ...session, votes: [...session.votes, { match, winner, at }] };
}

/** The votes as the standings count them, the models named. */
export function namedVotes(session: ArenaSession, prompt?: string): Vote[] {
  const byIndex = new Map(session.plan.matches.map((match) => [match.index, match]));
  return session.votes.flatMap((vote) => {
    const match = byIndex.get(vote.match);
    if (!match || (prompt !== undefined && match.prompt !== prompt)) return [];
    return [{ left: match.left, right: match.right, winner: vote.winner }];
  });
}

export function sessionStandings(session: ArenaSession, prompt?: string) {
  return standings(session.plan.models, namedVotes(session, prompt));
}

export function winnerModel(match: ArenaMatch, winner: ArenaWinner): string {
  return winner === "tie" ? "" : winner === "left" ? match.left : match.right;
}

/** One row per vote, in the order given. */
export function votesCsv(session: ArenaSession): string {
  const byIndex = new Map(session.plan.matches.map((match) => [match.index, match]));
  const rows = session.votes.flatMap((vote) => {
    const match = byIndex.get(vote.match);
    if (!match) return [];
    return [
      [
        new Date(vote.at).toISOString(),
        match.index + 1,
        match.prompt,
        session.plan.ratio,
        match.left,
        match.right,
        vote.winner,
        winnerModel(match, vote.winner),
      ],
    ];
  });
  return toCsv(["voted_at", "pair", "prompt", "aspect_ratio", "left_model", "right_model", "winner", "winner_model"], rows);
}

/** The whole session with its standings, for reading elsewhere. */
export function sessionJson(session: ArenaSession): string {
  return JSON.stringify({ ...session, standings: sessionStandings(session) }, null, 2);
}

export function sessionTitle(session: ArenaSession): string {
  const voted = session.votes.length;
  const total = session.plan.matches.length;
  return `${session.plan.models.join(" vs ")} · ${voted} of ${total} voted`;
}

/** What an arena says once every pair has its vote: "The pair is judged." or "All 3 pairs are judged." */
export function allJudgedSentence(pairs: number): string {
  return pairs === 1 ? "The pair is judged." : `All ${pairs} pairs are judged.`;
}
