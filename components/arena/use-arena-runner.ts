"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import type { ArenaMatch } from "@/lib/arena/arena-plan";
import { runGeneration } from "@/lib/browser/run-generation";
import { KeyedRequests } from "@/lib/browser/latest-request";

export type ArenaSide = { status: "running" } | { status: "done"; outcome: RunOutcome };
export type ArenaPair = { left: ArenaSide; right: ArenaSide };

const pairKey = (sessionId: string, match: number) => `${sessionId}:${match}`;

/**
 * Generates both sides of the pair on screen, then the next pair while the judge looks, so that a
 * vote is followed by pictures already there. Each request is sent as a cell of a grid the size of
 * the arena, so the server holds an arena to the grid's limits. The pictures are not saved in
 * history: the list names each run's model, which would undo the blindness.
 */
export function useArenaRunner(
  sessionId: string | null,
  total: number,
  /** The pair on screen (being judged, or revealed after its vote) and the one after it. */
  current: ArenaMatch | null,
  following: ArenaMatch | null,
  ratio: string,
) {
  const [pairs, setPairs] = useState<ReadonlyMap<string, ArenaPair>>(new Map());
  // One newest request per pair; whatever is still running stops when the arena goes.
  const requests = useRef(new KeyedRequests());

  const run = useCallback(
    (match: ArenaMatch) => {
      if (sessionId === null) return;
      const key = pairKey(sessionId, match.index);
      if (requests.current.has(key)) return;
      const signal = requests.current.start(key);
      const running: ArenaSide = { status: "running" };
      setPairs((previous) => new Map(previous).set(key, { left: running, right: running }));
      const side = async (which: "left" | "right") => {
        const model = which === "left" ? match.left : match.right;
        const outcome = await runGeneration({ model, prompt: match.prompt, aspect_ratio: ratio }, signal, {
          gridCell: { index: match.index * 2 + (which === "left" ? 0 : 1), total: total * 2 },
        });
        if (signal.aborted) return;
        setPairs((previous) => {
          const pair = previous.get(key);
          if (!pair) return previous;
          return new Map(previous).set(key, { ...pair, [which]: { status: "done", outcome } });
        });
      };
      void Promise.all([side("left"), side("right")]).finally(() => requests.current.done(key, signal));
    },
    [sessionId, total, ratio],
  );

  /** Runs a pair again (after a failure): the old answers are dropped. */
  const retry = useCallback(
    (match: ArenaMatch) => {
      if (sessionId === null) return;
      const key = pairKey(sessionId, match.index);
      requests.current.abort(key);
      run(match);
    },
    [run, sessionId],
  );

  const currentPair = sessionId !== null && current ? pairs.get(pairKey(sessionId, current.index)) : undefined;
  const currentSettled = currentPair?.left.status === "done" && currentPair.right.status === "done";
  useEffect(() => {
    if (current && !currentPair) run(current);
  }, [current, currentPair, run]);
  useEffect(() => {
    // The next pair starts once this one has answered: never more than two requests at once.
    if (following && currentSettled) run(following);
  }, [following, currentSettled, run]);

  // Only the pair on screen and the next one are kept: pictures of judged pairs are let go.
  const keep =
    sessionId === null ? "" : `${current ? pairKey(sessionId, current.index) : ""}|${following ? pairKey(sessionId, following.index) : ""}`;
  useEffect(() => {
    const kept = new Set(keep.split("|"));
    requests.current.keepOnly(kept);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- dropping pairs that left the screen
    setPairs((previous) => {
      const next = new Map([...previous].filter(([key]) => kept.has(key)));
      return next.size === previous.size ? previous : next;
    });
  }, [keep]);

  // Leaving the arena (or the page) stops what is still running.
  useEffect(() => {
    const running = requests.current;
    return () => running.abortAll();
  }, []);

  return { pair: currentPair, retry };
}
