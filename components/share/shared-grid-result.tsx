"use client";

import { useEffect, useRef, useState } from "react";
import type { ArchivedRun } from "@/lib/history/archive-schema";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import type { SavedImages } from "@/lib/history/restore-run";
import { restoreOutcome } from "@/lib/history/restore-run";
import { planGrid, type GridAxis } from "@/lib/grid/grid-plan";
import { loadSharedRun } from "@/lib/browser/share/load-share-files";
import { GridView } from "@/components/grid/grid-view";
import type { GridSession } from "@/components/grid/use-grid-runner";
import { useLazyModule } from "@/components/ui/lazy-module";
import { resultViews } from "@/components/run/result-views";
import { OpenInPlayground } from "./open-in-playground";
import { cellPictureFile, shareFileUrl } from "@/lib/history/share-files";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";

type Restored = { record: ArchivedRun; outcome: RunOutcome; savedImages: SavedImages };
type Loaded = { state: "ready"; session: GridSession; cells: Map<number, Restored> } | { state: "failed"; message: string };

/** How many cells load at once: about what a browser fetches from one host in parallel. */
const CELLS_AT_ONCE = 6;

/**
 * The grid as planned from its own spec (the limits it was made under), every cell still loading,
 * with its picture where the record names it: those are in the server's page, so the browser
 * fetches them before any script runs and they show before the answers are read.
 */
function plannedSession(id: string, records: ArchivedRun[]): Loaded {
  const group = records[0]?.group;
  if (!group) return { state: "failed", message: "The share is not a grid." };
  const planned = planGrid(group.spec, {
    maxCells: group.cellCount,
    promptMaxChars: Number.MAX_SAFE_INTEGER,
    extraFields: { mode: "any" },
  });
  if (!planned.ok) return { state: "failed", message: "The grid's settings could not be read back." };
  const pictures = new Map<number, string>();
  for (const record of records) {
    const file = cellPictureFile(record);
    if (file && record.group) pictures.set(record.group.cellIndex, shareFileUrl(id, file));
  }
  const session: GridSession = {
    id: group.id,
    spec: group.spec,
    plan: planned.plan,
    rowAxis: group.rowAxis,
    cells: planned.plan.cells.map((cell) => ({ progress: { status: "queued" }, outcome: null, picture: pictures.get(cell.index) })),
    pausedUntil: null,
    runningBatches: 0,
  };
  return { state: "ready", session, cells: new Map() };
}

/** Loads cells in table order, a few at a time, handing each over as it arrives: the first images paint at once. */
async function loadCells(
  id: string,
  records: ArchivedRun[],
  signal: AbortSignal,
  onCell: (cellIndex: number, restored: Restored) => void,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < records.length && !signal.aborted) {
      const record = records[next++];
      if (!record) continue;
      const run = await loadSharedRun(id, record, signal);
      const { outcome, savedImages } = await restoreOutcome(run);
      onCell(record.group?.cellIndex ?? -1, { record, outcome, savedImages });
    }
  };
  await Promise.all(Array.from({ length: CELLS_AT_ONCE }, worker));
}

/** A shared grid's table, read-only: rows along any axis, each cell opened below with its whole answer. */
export function SharedGridResult({ id, cells }: { id: string; cells: ArchivedRun[] }) {
  const [loaded, setLoaded] = useState<Loaded>(() => plannedSession(id, cells));
  const [opened, setOpened] = useState<number | null>(null);
  // A cell's whole answer view is fetched when a cell is first opened, not with the grid.
  const views = useLazyModule(resultViews, opened !== null);
  const openedRef = useRef<HTMLElement>(null);
  // An opened cell shows below the table: bring it into view.
  useEffect(() => {
    if (opened !== null) openedRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
  }, [opened]);
  useAbortableEffect(
    (signal) => {
      const onCell = (cellIndex: number, restored: Restored) =>
        setLoaded((current) => {
          if (current.state !== "ready") return current;
          const { outcome } = restored;
          const sessionCells = current.session.cells.map((cell, index) =>
            index === cellIndex ? { ...cell, progress: { status: "done" as const, attempts: 1, outcome }, outcome } : cell,
          );
          return {
            ...current,
            session: { ...current.session, cells: sessionCells },
            cells: new Map(current.cells).set(cellIndex, restored),
          };
        });
      loadCells(id, cells, signal, onCell).then(
        () => undefined,
        (error: unknown) => {
          if (!signal.aborted) setLoaded({ state: "failed", message: error instanceof Error ? error.message : String(error) });
        },
      );
    },
    [id, cells],
  );

  if (loaded.state === "failed") {
    return (
      <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm dark:border-red-800 dark:bg-red-950/50">
        {loaded.message} Reload the page to try again.
      </p>
    );
  }
  const { session } = loaded;
  const openedCell = opened === null ? null : loaded.cells.get(opened);
  const setRowAxis = (rowAxis: GridAxis) =>
    setLoaded((current) => (current.state === "ready" ? { ...current, session: { ...current.session, rowAxis } } : current));
  return (
    <div className="flex flex-col gap-6">
      <GridView session={session} onRowAxis={setRowAxis} onOpen={(index) => setOpened(index)} queuedLabel="Loading…" />
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
          {views ? (
            <views.ResultView
              key={opened}
              request={openedCell.record.request}
              outcome={openedCell.outcome}
              savedImages={openedCell.savedImages}
              readOnly
            />
          ) : (
            <p className="text-sm text-muted">Showing the answer…</p>
          )}
        </section>
      )}
    </div>
  );
}
