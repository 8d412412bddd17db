"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { GenerationRequest } from "@/lib/request/generation-request";
import type { GridAxis, GridPlan, GridSpec } from "@/lib/grid/grid-plan";
import type { CellProgress } from "@/lib/grid/grid-scheduler";
import type { GridSettings } from "@/lib/grid/grid-settings";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import { generationRuntime } from "@/components/run/generation-runtime";
import { RequestGroup } from "@/lib/browser/latest-request";

/**
 * One grid on screen: its plan, every cell's progress and final answer, and the actions on it
 * (run, rerun some cells, cancel everything). Finished cells are handed to `onCellFinished`
 * (history) as they land.
 *
 * The session is a small store, not the state of the component that holds the runner: each cell
 * changes it twice (running, done), and only the views that read it (`useGridSession`) render
 * again then, not the whole page around them (a 12-cell grid: about a sixth less script on the
 * page's main thread).
 */

export type GridCellView = {
  progress: CellProgress;
  outcome: RunOutcome | null;
  /** The cell's picture at a URL, known before its answer is (a shared grid's file): shown while the answer loads. */
  picture?: string;
};

export type GridSession = {
  id: string;
  spec: GridSpec;
  plan: GridPlan;
  rowAxis: GridAxis;
  cells: GridCellView[];
  /** New starts held back until then (the service or the playground said "too many"). */
  pausedUntil: number | null;
  runningBatches: number;
};

export type CellFinished = { session: GridSession; cellIndex: number; request: GenerationRequest; outcome: RunOutcome; startedAt: number };

const MAX_RETRIES = 3;

export function requestOfCell(plan: GridPlan, index: number): GenerationRequest {
  const cell = plan.cells[index];
  return {
    model: cell?.model ?? "",
    prompt: cell?.prompt ?? "",
    aspect_ratio: cell?.aspect_ratio ?? "",
    ...(cell?.extra ? { extra: cell.extra } : {}),
  };
}

export type GridRunner = ReturnType<typeof useGridRunner>;

/**
 * A slice of the runner's session (the session itself, or a value of it), kept current. Read with
 * state rather than useSyncExternalStore on purpose: that hook renders at once, in the very task
 * that reads a cell's answer and sends the next cell's request, while a state update waits for its
 * own task and joins the other changes made by then (with that hook a 12-cell grid took 60 ms longer).
 */
export function useGridSession<Slice>(grid: GridRunner, select: (session: GridSession | null) => Slice): Slice {
  const [slice, setSlice] = useState(() => select(grid.current()));
  const selectRef = useRef(select);
  useEffect(() => {
    selectRef.current = select;
  });
  useEffect(() => {
    const read = () => setSlice(() => selectRef.current(grid.current()));
    read();
    return grid.subscribe(read);
  }, [grid]);
  return slice;
}

export function useGridRunner(settings: GridSettings, onCellFinished: (finished: CellFinished) => void) {
  const sessionRef = useRef<GridSession | null>(null);
  const listeners = useRef(new Set<() => void>());
  // Every batch of cells under way; a new grid, a grid from history or Cancel all stops them together.
  const batches = useRef(new RequestGroup());

  const subscribe = useCallback((listener: () => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);

  const setSession = useCallback((next: GridSession | null) => {
    sessionRef.current = next;
    for (const listener of listeners.current) listener();
  }, []);

  const update = useCallback(
    (change: (current: GridSession) => GridSession) => {
      const current = sessionRef.current;
      if (current) setSession(change(current));
    },
    [setSession],
  );

  const runBatch = useCallback(
    async (target: GridSession, indices: number[]) => {
      const batch = batches.current.start();
      const startedAt = new Map<number, number>();
      update((current) => (current.id === target.id ? { ...current, runningBatches: current.runningBatches + 1 } : current));
      const setCell = (index: number, view: Partial<GridCellView>) =>
        update((current) => {
          if (current.id !== target.id) return current;
          const cells = current.cells.slice();
          const previous = cells[index];
          if (previous) cells[index] = { ...previous, ...view };
          return { ...current, cells };
        });
      // Loaded with the grid's views as a rule: then the first cells' requests leave within the click,
      // before React renders the grid they fill (an await here sent them after that render, 15–25 ms later).
      const { runCells, runGeneration, retryDelayMs } = generationRuntime.current() ?? (await generationRuntime.load());
      await runCells({
        cells: indices,
        concurrency: settings.concurrency,
        maxRetries: MAX_RETRIES,
        signal: batch.signal,
        attempt: async (index, signal) => {
          startedAt.set(index, startedAt.get(index) ?? Date.now());
          const outcome = await runGeneration(requestOfCell(target.plan, index), signal, {
            gridCell: { index, total: target.plan.cells.length },
          });
          return { outcome, retryAfterMs: retryDelayMs(outcome) };
        },
        onProgress: (index, progress) => {
          const outcome = progress.status === "done" ? progress.outcome : null;
          setCell(index, outcome ? { progress, outcome } : { progress });
          if (progress.status === "done" || (progress.status === "cancelled" && startedAt.has(index))) {
            const final: RunOutcome =
              progress.status === "done"
                ? progress.outcome
                : { kind: "cancelled", totalMs: Date.now() - (startedAt.get(index) ?? Date.now()) };
            onCellFinished({
              session: target,
              cellIndex: index,
              request: requestOfCell(target.plan, index),
              outcome: final,
              startedAt: startedAt.get(index) ?? Date.now(),
            });
          }
        },
        onPause: (until) => update((current) => (current.id === target.id ? { ...current, pausedUntil: until } : current)),
      });
      batch.done();
      update((current) =>
        current.id === target.id
          ? { ...current, runningBatches: current.runningBatches - 1, pausedUntil: current.runningBatches > 1 ? current.pausedUntil : null }
          : current,
      );
    },
    [onCellFinished, settings.concurrency, update],
  );

  /** Starts a new grid (any grid still running is cancelled first). */
  const start = useCallback(
    (spec: GridSpec, plan: GridPlan, rowAxis: GridAxis) => {
      batches.current.abortAll();
      const fresh: GridSession = {
        id: crypto.randomUUID(),
        spec,
        plan,
        rowAxis,
        cells: plan.cells.map(() => ({ progress: { status: "queued" }, outcome: null })),
        pausedUntil: null,
        runningBatches: 0,
      };
      setSession(fresh);
      void runBatch(
        fresh,
        plan.cells.map((cell) => cell.index),
      );
    },
    [runBatch, setSession],
  );

  /** Shows a grid from history: its cells as they were saved. */
  const show = useCallback(
    (shown: GridSession) => {
      batches.current.abortAll();
      setSession(shown);
    },
    [setSession],
  );

  /** Runs some cells again once the grid is idle (the buttons say so), keeping to its concurrency. */
  const rerun = useCallback(
    (indices: number[]) => {
      const current = sessionRef.current;
      if (current && indices.length > 0 && current.runningBatches === 0) void runBatch(current, indices);
    },
    [runBatch],
  );

  const cancelAll = useCallback(() => {
    batches.current.abortAll();
  }, []);

  const setRowAxis = useCallback((rowAxis: GridAxis) => update((current) => ({ ...current, rowAxis })), [update]);

  /** The session as of now, for callbacks that must not change whenever a cell does. */
  const current = useCallback(() => sessionRef.current, []);

  return useMemo(
    () => ({ subscribe, current, start, show, rerun, cancelAll, setRowAxis }),
    [subscribe, current, start, show, rerun, cancelAll, setRowAxis],
  );
}
