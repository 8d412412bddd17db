"use client";

import { useEffect, useRef, useState } from "react";
import type { ArchivedRun } from "@/lib/history/archive-schema";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import type { SavedImages } from "@/lib/history/restore-run";
import { restoreOutcome } from "@/lib/history/restore-run";
import { planGrid, type GridAxis } from "@/lib/grid/grid-plan";
import { loadSharedRuns } from "@/lib/browser/share/load-share-files";
import { GridView } from "@/components/grid/grid-view";
import type { GridSession } from "@/components/grid/use-grid-runner";
import { ResultView } from "@/components/answer/result-view";
import { OpenInPlayground } from "./open-in-playground";

type Restored = { record: ArchivedRun; outcome: RunOutcome; savedImages: SavedImages };
type Loaded =
  { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; session: GridSession; cells: Map<number, Restored> };

/** The cells back as a grid session, planned from the grid's own spec (the limits it was made under). */
async function loadGrid(id: string, records: ArchivedRun[], fileNames: string[], signal: AbortSignal) {
  const group = records[0]?.group;
  if (!group) throw new Error("The share is not a grid.");
  const runs = await loadSharedRuns(id, records, fileNames, signal);
  const cells = new Map<number, Restored>();
  await Promise.all(
    runs.map(async (run, position) => {
      const { outcome, savedImages } = await restoreOutcome(run);
      const record = records[position];
      if (record) cells.set(run.group?.cellIndex ?? position, { record, outcome, savedImages });
    }),
  );
  const planned = planGrid(group.spec, {
    maxCells: group.cellCount,
    promptMaxChars: Number.MAX_SAFE_INTEGER,
    extraFields: { mode: "any" },
  });
  if (!planned.ok) throw new Error("The grid's settings could not be read back.");
  const session: GridSession = {
    id: group.id,
    spec: group.spec,
    plan: planned.plan,
    rowAxis: group.rowAxis,
    cells: planned.plan.cells.map((cell) => {
      const outcome = cells.get(cell.index)?.outcome;
      return outcome
        ? { progress: { status: "done", attempts: 1, outcome }, outcome }
        : { progress: { status: "cancelled" }, outcome: null };
    }),
    pausedUntil: null,
    runningBatches: 0,
  };
  return { session, cells };
}

/** A shared grid's table, read-only: rows along any axis, each cell opened below with its whole answer. */
export function SharedGridResult({ id, cells, fileNames }: { id: string; cells: ArchivedRun[]; fileNames: string[] }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [opened, setOpened] = useState<number | null>(null);
  const openedRef = useRef<HTMLElement>(null);
  // An opened cell shows below the table: bring it into view.
  useEffect(() => {
    if (opened !== null) openedRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [opened]);
  useEffect(() => {
    const controller = new AbortController();
    loadGrid(id, cells, fileNames, controller.signal).then(
      (grid) => setLoaded({ state: "ready", ...grid }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: "failed", message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [id, cells, fileNames]);

  if (loaded.state === "loading") {
    return (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-accent-500" />
        Loading the grid&apos;s images…
      </p>
    );
  }
  if (loaded.state === "failed") {
    return (
      <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm dark:border-red-800 dark:bg-red-950/50">
        {loaded.message} Reload the page to try again.
      </p>
    );
  }
  const { session } = loaded;
  const openedCell = opened === null ? null : loaded.cells.get(opened);
  const setRowAxis = (rowAxis: GridAxis) => setLoaded({ ...loaded, session: { ...session, rowAxis } });
  return (
    <div className="flex flex-col gap-6">
      <GridView session={session} onRowAxis={setRowAxis} onOpen={(index) => setOpened(index)} />
      {openedCell && (
        <section
          ref={openedRef}
          aria-label="Opened cell"
          className="flex flex-col gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="min-w-0 text-base font-semibold break-words">
              Cell {(opened ?? 0) + 1}: {openedCell.record.request.prompt}
              <span className="font-mono text-sm font-normal text-muted">
                {" "}
                · {openedCell.record.request.model} · {openedCell.record.request.aspect_ratio}
              </span>
            </h2>
            <OpenInPlayground request={openedCell.record.request} />
          </div>
          <ResultView
            key={opened}
            request={openedCell.record.request}
            outcome={openedCell.outcome}
            savedImages={openedCell.savedImages}
            readOnly
          />
        </section>
      )}
    </div>
  );
}
