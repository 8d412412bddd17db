"use client";

import { useEffect, useRef, useState } from "react";
import type { ArenaMatch } from "@/lib/arena/arena-plan";
import { nextMatch, winnerModel, type ArenaSession, type ArenaWinner } from "@/lib/arena/arena-session";
import { Button, buttonClass } from "@/components/ui/button";
import { isTyping } from "@/components/ui/is-typing";
import { ArenaImage } from "./arena-image";
import { useArenaRunner, type ArenaSide } from "./use-arena-runner";
import { summariseCell } from "@/lib/grid/cell-summary";

type ArenaStageProps = {
  session: ArenaSession;
  /** The arena tab is the one shown: its keys listen only then. */
  active: boolean;
  onVote: (match: number, winner: ArenaWinner) => void;
};

const hasImage = (side: ArenaSide | undefined) => side?.status === "done" && summariseCell(side.outcome).kind === "image";

const VOTE_KEYS: Record<string, ArenaWinner> = { ArrowLeft: "left", ArrowRight: "right", ArrowDown: "tie" };

/**
 * The pair being judged, models hidden and sides shuffled by the plan; after the vote, the models
 * are revealed until the judge moves on to the next pair.
 */
export function ArenaStage({ session, active, onVote }: ArenaStageProps) {
  const [revealed, setRevealed] = useState<{ match: ArenaMatch; winner: ArenaWinner } | null>(null);
  const waiting = nextMatch(session);
  const onScreen = revealed?.match ?? waiting;
  const following = session.plan.matches.find(
    (match) => match.index !== onScreen?.index && !session.votes.some((vote) => vote.match === match.index),
  );
  const { pair, retry } = useArenaRunner(session.id, session.plan.matches.length, onScreen, following ?? null, session.plan.ratio);
  // A vote needs both pictures: a side that failed (the playground's limit, a timeout) is no verdict
  // on its model; it offers to try the pair again instead.
  const ready = hasImage(pair?.left) && hasImage(pair?.right);
  const nextRef = useRef<HTMLButtonElement>(null);

  const vote = (winner: ArenaWinner) => {
    if (!waiting || revealed || !ready) return;
    onVote(waiting.index, winner);
    setRevealed({ match: waiting, winner });
  };
  const voteRef = useRef(vote);
  useEffect(() => {
    voteRef.current = vote;
  });

  useEffect(() => {
    if (revealed) nextRef.current?.focus();
  }, [revealed]);

  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      // A dialog over the page (review, compare, shortcuts) has the keys.
      if (document.querySelector("dialog[open]")) return;
      const winner = VOTE_KEYS[event.key];
      if (!winner) return;
      event.preventDefault();
      voteRef.current(winner);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [active]);

  if (!onScreen) {
    return (
      <p className="rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-muted dark:border-zinc-700" role="status">
        All {session.plan.matches.length} pairs are judged. The standings below count every vote.
      </p>
    );
  }
  const position = session.votes.length + (revealed ? 0 : 1);
  const sideTitle = (which: "left" | "right") => {
    const name = which === "left" ? "Left" : "Right";
    if (!revealed) return name;
    const model = which === "left" ? revealed.match.left : revealed.match.right;
    const verdict = revealed.winner === "tie" ? "Tie" : revealed.winner === which ? "Winner" : "";
    return (
      <>
        {name}: <span className="font-mono">{model}</span>
        {verdict && (
          <span className="ml-2 rounded-full bg-emerald-100 px-1.5 py-px text-xs text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200">
            {verdict}
          </span>
        )}
      </>
    );
  };

  return (
    <section aria-label="Pair to judge" className="flex flex-col gap-4" data-testid="arena-stage">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="font-semibold">
            Pair {Math.min(position, session.plan.matches.length)} of {session.plan.matches.length}
          </span>
          <span className="text-muted"> · {onScreen.prompt}</span>
        </p>
        <p className="text-xs text-muted">← left better · → right better · ↓ tie</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(["left", "right"] as const).map((which) => (
          <figure key={which} className="flex flex-col gap-2" data-testid={`arena-${which}`}>
            <figcaption className="text-sm font-medium" data-testid={`arena-${which}-name`}>
              {sideTitle(which)}
            </figcaption>
            <ArenaImage
              side={pair?.[which]}
              name={which === "left" ? "Left" : "Right"}
              ratio={session.plan.ratio}
              onRetry={() => retry(onScreen)}
            />
          </figure>
        ))}
      </div>
      {revealed ? (
        <div className="flex flex-wrap items-center justify-center gap-3" role="status" data-testid="arena-reveal">
          <p className="text-sm">
            {revealed.winner === "tie" ? "A tie" : `${winnerModel(revealed.match, revealed.winner)} wins this pair`}.
          </p>
          <button ref={nextRef} type="button" className={buttonClass("primary")} onClick={() => setRevealed(null)}>
            {waiting ? "Next pair" : "See the standings"}
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => vote("left")} disabled={!ready} aria-keyshortcuts="ArrowLeft">
            <span aria-hidden>←</span> Left is better
          </Button>
          <Button onClick={() => vote("tie")} disabled={!ready} aria-keyshortcuts="ArrowDown">
            <span aria-hidden>↓</span> Tie
          </Button>
          <Button onClick={() => vote("right")} disabled={!ready} aria-keyshortcuts="ArrowRight">
            Right is better <span aria-hidden>→</span>
          </Button>
        </div>
      )}
    </section>
  );
}
