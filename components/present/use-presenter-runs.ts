"use client";

import { useCallback, useRef, useState } from "react";
import type { DisplayImage } from "@/lib/answer/interpret-answer";
import { presentOutcome } from "@/lib/answer/presented-outcome";
import { runGeneration } from "@/lib/browser/run-generation";
import { whenIdle } from "@/lib/browser/when-idle";
import type { GenerationRequest } from "@/lib/request/generation-request";
import type { HistoryApi } from "@/components/history/use-history";
import { useLatestRequest } from "@/components/ui/use-abortable-effect";

/** One good result of this presenting session; `scriptPosition` ties it to the script item it came from. */
export type PresentedResult = {
  id: number;
  request: GenerationRequest;
  images: DisplayImage[];
  demo: boolean;
  scriptPosition: number | null;
};

export type PresenterFailure = { request: GenerationRequest; sentence: string; detail: string | null };

export type PresenterRunning = { request: GenerationRequest; startedAt: number };

/**
 * Runs for presenter mode: the last good result stays on screen while the next one is made and
 * when it fails; every run is kept in history as in the playground.
 */
export function usePresenterRuns(history: HistoryApi, demoModels: readonly string[]) {
  const [session, setSession] = useState<{ results: PresentedResult[]; shownIndex: number | null }>({ results: [], shownIndex: null });
  const { results, shownIndex } = session;
  const [running, setRunning] = useState<PresenterRunning | null>(null);
  const [failure, setFailure] = useState<PresenterFailure | null>(null);
  const requests = useLatestRequest();
  const nextIdRef = useRef(1);
  const { save } = history;

  const generate = useCallback(
    async (request: GenerationRequest, scriptPosition: number | null) => {
      const signal = requests.start();
      const startedAt = Date.now();
      setRunning({ request, startedAt });
      setFailure(null);
      const outcome = await runGeneration(request, signal);
      // A newer run took over: this one still goes to history, but the screen belongs to the newer one.
      if (requests.isCurrent(signal)) {
        setRunning(null);
        const presented = presentOutcome(outcome);
        if (presented.kind === "images") {
          const result: PresentedResult = {
            id: nextIdRef.current++,
            request,
            images: presented.images,
            demo: demoModels.includes(request.model),
            scriptPosition,
          };
          setSession((previous) => ({ results: [...previous.results, result], shownIndex: previous.results.length }));
        } else if (presented.kind === "failure") {
          setFailure({ request, sentence: presented.sentence, detail: presented.detail });
        }
      }
      void whenIdle().then(() => save(request, outcome, startedAt));
    },
    [save, demoModels, requests],
  );

  const cancel = useCallback(() => requests.cancel(), [requests]);

  const step = useCallback((delta: number) => {
    setFailure(null);
    setSession((previous) => {
      const last = previous.results.length - 1;
      if (last < 0) return previous;
      return { ...previous, shownIndex: Math.min(last, Math.max(0, (previous.shownIndex ?? last) + delta)) };
    });
  }, []);

  /** Shows the latest result made from a script item, if there is one; says whether there was. */
  const showForScriptItem = useCallback(
    (position: number): boolean => {
      const index = results.findLastIndex((result) => result.scriptPosition === position);
      if (index < 0) return false;
      setFailure(null);
      setSession((previous) => ({ ...previous, shownIndex: index }));
      return true;
    },
    [results],
  );

  const shown = shownIndex === null ? null : (results[shownIndex] ?? null);
  return {
    results,
    shown,
    shownIndex,
    running,
    failure,
    generate,
    cancel,
    step,
    showForScriptItem,
    dismissFailure: () => setFailure(null),
  };
}
