"use client";

import { useCallback, useRef, useState, type RefObject } from "react";
import type { GenerationRequest } from "@/lib/request/generation-request";
import type { HistoryRun } from "@/lib/history/history-types";
import type { SavedImages } from "@/lib/history/restore-run";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import type { StreamProgress } from "@/lib/browser/read-answer-events";
import type { GenerationFormApi } from "@/components/form/generation-form";
import type { HistoryApi } from "@/components/history/use-history";
import { resultViews } from "./result-views";
import { generationRuntime } from "./generation-runtime";
import { useJobFollower } from "./use-job-follower";
import { whenIdle } from "@/lib/browser/when-idle";
import { useLatestRequest } from "@/components/ui/use-abortable-effect";

export type RunState =
  | { phase: "idle" }
  | { phase: "running"; request: GenerationRequest; startedAt: number; stream?: StreamProgress }
  | { phase: "done"; request: GenerationRequest; outcome: RunOutcome; saved?: { run: HistoryRun; images: SavedImages } };

/**
 * The single-run side of the page: generate, cancel, show a saved run or any finished outcome,
 * and keep every run in history without ever delaying what is shown.
 */
export function useSingleRun(
  history: HistoryApi,
  formApiRef: RefObject<GenerationFormApi | null>,
  resultRef: RefObject<HTMLElement | null>,
) {
  const [run, setRun] = useState<RunState>({ phase: "idle" });
  const [endpointInUse, setEndpointInUse] = useState<string | null>(null);
  const [shownRunId, setShownRunId] = useState<string | null>(null);
  const requests = useLatestRequest();
  // Whatever was asked for last owns the result area: a run opened from history while another
  // generates stays on screen, and the generation still lands in history.
  const viewRef = useRef(0);
  // The history id of the run on screen (a promise: it is known once the run is saved).
  const shownRunIdRef = useRef<Promise<string | null>>(Promise.resolve(null));
  const { save: saveToHistory, restore: restoreSaved, finishJob } = history;

  /** A followed job ended: its run in history keeps the final answer. */
  const onJobEnded = useCallback(
    (outcome: RunOutcome) => {
      void shownRunIdRef.current.then((id) => (id ? finishJob(id, outcome) : undefined));
    },
    [finishJob],
  );

  const jobs = useJobFollower(onJobEnded);
  const resetJobs = jobs.reset;
  const startPolling = jobs.startPolling;
  /** What the result area shows; a job followed for the run shown before stops with it. */
  const showRun = useCallback(
    (next: RunState) => {
      resetJobs();
      setRun(next);
    },
    [resetJobs],
  );

  const generate = useCallback(
    async (request: GenerationRequest) => {
      // The newest request wins: the one under way (if any) is aborted here.
      const signal = requests.start();
      void resultViews.load();
      const runtime = generationRuntime.load();
      // The answer may be large: the worker that reads large answers boots while the service works.
      void runtime.then((loaded) => loaded.warmAnswerWorker());
      const view = ++viewRef.current;
      const startedAt = Date.now();
      setShownRunId(null);
      showRun({ phase: "running", request, startedAt });
      // On a phone the result sits below the form: bring it into view instead of leaving it off-screen.
      const result = resultRef.current;
      if (result && result.getBoundingClientRect().top > window.innerHeight * 0.6)
        result.scrollIntoView({ behavior: "smooth", block: "start" });
      // A streamed answer's pictures are shown in the placeholder as its events arrive.
      const onProgress = (stream: StreamProgress) => {
        if (viewRef.current !== view) return;
        setRun((current) => (current.phase === "running" && current.request === request ? { ...current, stream } : current));
      };
      const loaded = await runtime;
      // Its events are read in the answer worker: a stream of large pictures would hold the page. A
      // large answer is copied there as it arrives, so the worker starts on it as soon as it ends.
      const outcome = await loaded.runGeneration(request, signal, {
        onProgress,
        openEvents: loaded.openStreamSession,
        openMirror: loaded.openAnswerMirror,
      });
      if (outcome.kind === "service") {
        // The worker starts on a large answer now, while React renders the view that will ask for it.
        loaded.interpretAhead(outcome.exchange.bytes, outcome.exchange.contentType, outcome.exchange.url);
        if (outcome.exchange.url) setEndpointInUse(outcome.exchange.url);
      }
      const shown = viewRef.current === view;
      if (shown) showRun({ phase: "done", request, outcome });
      // A job the run just started is followed at once, at the service's pace (an old one opened
      // from history waits to be asked: it may have ended long ago).
      const job = shown ? loaded.jobToFollow(outcome) : null;
      if (job) startPolling(job.url, job.grant, job.paceMs);
      // Saved once the page is idle (the answer is on screen by then) and without holding the form:
      // packing a large answer and reading remote images take a while.
      const saving = whenIdle()
        .then(() => saveToHistory(request, outcome, startedAt))
        .then((saved) => {
          if (saved && shown && viewRef.current === view) setShownRunId(saved.id);
          return saved?.id ?? null;
        });
      if (shown) shownRunIdRef.current = saving;
    },
    [saveToHistory, resultRef, showRun, requests, startPolling],
  );

  const cancel = useCallback(() => requests.cancel(), [requests]);

  /** Any finished outcome on the right (a grid cell opened here), its request in the form. */
  const showOutcome = useCallback(
    (request: GenerationRequest, outcome: RunOutcome) => {
      viewRef.current += 1;
      formApiRef.current?.fill(request);
      setShownRunId(null);
      shownRunIdRef.current = Promise.resolve(null);
      showRun({ phase: "done", request, outcome });
    },
    [formApiRef, showRun],
  );

  const openRun = useCallback(
    async (saved: HistoryRun) => {
      const view = ++viewRef.current;
      const restored = await restoreSaved(saved);
      if (viewRef.current !== view) return;
      formApiRef.current?.fill(saved.request);
      setShownRunId(saved.id);
      shownRunIdRef.current = Promise.resolve(saved.id);
      showRun({ phase: "done", request: saved.request, outcome: restored.outcome, saved: { run: saved, images: restored.savedImages } });
      // The next thing a designer does with an old run is edit its prompt.
      document.getElementById("prompt")?.focus({ preventScroll: true });
    },
    [restoreSaved, formApiRef, showRun],
  );

  const rerun = useCallback(
    (saved: HistoryRun) => {
      formApiRef.current?.fill(saved.request);
      void generate(saved.request);
    },
    [generate, formApiRef],
  );

  return { run, jobs, endpointInUse, shownRunId, generate, cancel, showOutcome, openRun, rerun };
}
