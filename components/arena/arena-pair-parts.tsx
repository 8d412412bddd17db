"use client";

import type { RefObject } from "react";
import type { ArenaMatch } from "@/lib/arena/arena-plan";
import { winnerModel, type ArenaWinner } from "@/lib/arena/arena-session";
import { Button, buttonClass } from "@/components/ui/button";

/**
 * The parts of a pair being judged that every arena shows alike (the one that generates its pairs
 * and the one over a collection's pictures): where the judge is, the vote, and the reveal after it.
 */

export type ArenaReveal = { match: ArenaMatch; winner: ArenaWinner };

/** "Pair 3 of 12 · the prompt", and the keys. */
export function ArenaPairHeading({ position, total, prompt }: { position: number; total: number; prompt: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <p className="text-sm">
        <span className="font-semibold">
          Pair {Math.min(position, total)} of {total}
        </span>
        <span className="text-muted"> · {prompt}</span>
      </p>
      <p className="text-xs text-muted">← left better · → right better · ↓ tie</p>
    </div>
  );
}

/** "Winner" or "Tie" beside a side's revealed model (nothing for the side that lost). */
export function ArenaSideVerdict({ revealed, which }: { revealed: ArenaReveal; which: "left" | "right" }) {
  const verdict = revealed.winner === "tie" ? "Tie" : revealed.winner === which ? "Winner" : "";
  if (!verdict) return null;
  return (
    <span className="ml-2 rounded-full bg-emerald-100 px-1.5 py-px text-xs text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200">
      {verdict}
    </span>
  );
}

/** The three votes before the verdict; after it, who won and the way on (focused, so Enter goes on). */
export function ArenaVerdictBar({
  revealed,
  more,
  ready = true,
  nextRef,
  onVote,
  onNext,
}: {
  revealed: ArenaReveal | null;
  /** Pairs are left to judge after this one. */
  more: boolean;
  /** Both pictures are there: a vote needs them. */
  ready?: boolean;
  nextRef: RefObject<HTMLButtonElement | null>;
  onVote: (winner: ArenaWinner) => void;
  onNext: () => void;
}) {
  if (revealed) {
    return (
      <div className="flex flex-wrap items-center justify-center gap-3" role="status" data-testid="arena-reveal">
        <p className="text-sm">{revealed.winner === "tie" ? "A tie" : `${winnerModel(revealed.match, revealed.winner)} wins this pair`}.</p>
        <button ref={nextRef} type="button" className={buttonClass("primary")} onClick={onNext}>
          {more ? "Next pair" : "See the standings"}
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <Button onClick={() => onVote("left")} disabled={!ready} aria-keyshortcuts="ArrowLeft">
        <span aria-hidden>←</span> Left is better
      </Button>
      <Button onClick={() => onVote("tie")} disabled={!ready} aria-keyshortcuts="ArrowDown">
        <span aria-hidden>↓</span> Tie
      </Button>
      <Button onClick={() => onVote("right")} disabled={!ready} aria-keyshortcuts="ArrowRight">
        Right is better <span aria-hidden>→</span>
      </Button>
    </div>
  );
}
