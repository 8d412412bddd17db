"use client";

import { useEffect, useRef, useState } from "react";
import { allJudgedSentence, nextMatch, type ArenaSession, type ArenaWinner } from "@/lib/arena/arena-session";
import { isTyping } from "@/components/ui/is-typing";
import { ArenaImage } from "./arena-image";
import { ArenaPairHeading, ArenaSideVerdict, ArenaVerdictBar, type ArenaReveal } from "./arena-pair-parts";
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
  const [revealed, setRevealed] = useState<ArenaReveal | null>(null);
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
        {allJudgedSentence(session.plan.matches.length)} The standings below count every vote.
      </p>
    );
  }
  const position = session.votes.length + (revealed ? 0 : 1);
  const sideTitle = (which: "left" | "right") => {
    const name = which === "left" ? "Left" : "Right";
    if (!revealed) return name;
    const model = which === "left" ? revealed.match.left : revealed.match.right;
    return (
      <>
        {name}: <span className="font-mono">{model}</span>
        <ArenaSideVerdict revealed={revealed} which={which} />
      </>
    );
  };

  return (
    <section aria-label="Pair to judge" className="flex flex-col gap-4" data-testid="arena-stage">
      <ArenaPairHeading position={position} total={session.plan.matches.length} prompt={onScreen.prompt} />
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
      <ArenaVerdictBar
        revealed={revealed}
        more={waiting !== null}
        ready={ready}
        nextRef={nextRef}
        onVote={vote}
        onNext={() => setRevealed(null)}
      />
    </section>
  );
}
