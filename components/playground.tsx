"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { GenerationRequest } from "@/lib/generation-request";
import { planGrid, type GridSpec } from "@/lib/grid/grid-plan";
import type { GridSettings } from "@/lib/grid/grid-settings";
import type { HistoryCaps, HistoryRun } from "@/lib/history/history-types";
import type { SavedImages } from "@/lib/history/restore-run";
import { markPerformance, PERF_MARKS } from "@/lib/perf-marks";
import { runGeneration, type RunOutcome } from "@/lib/run-generation";
import type { PublicServiceInfo } from "@/lib/service-info";
import type { SharedFields } from "@/lib/share-link";
import { GenerationForm, type GenerationFormApi } from "./generation-form";
import { GridPlaceholder, initialGridSpec } from "./grid/grid-placeholder";
import { requestOfCell, useGridRunner, type CellFinished } from "./grid/use-grid-runner";
import { useGridViews } from "./grid/use-grid-views";
import { JobEndedContext } from "./job-ended-context";
import { ModeTabs, type PlaygroundMode } from "./mode-tabs";
import { HistoryPanel } from "./history/history-panel";
import { useHistory } from "./history/use-history";
import { PromptLibrary } from "./prompt-library";
import { preloadResultView, RunPanel } from "./run-panel";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { ServiceBadge } from "./service-badge";

export type RunState =
  | { phase: "idle" }
  | { phase: "running"; request: GenerationRequest; startedAt: number }
  | { phase: "done"; request: GenerationRequest; outcome: RunOutcome; saved?: { run: HistoryRun; images: SavedImages } };

type PlaygroundProps = {
  models: string[];
  promptMaxChars: number;
  service: PublicServiceInfo;
  signOut: boolean;
  shared: SharedFields;
  historyCaps: HistoryCaps;
  gridSettings: GridSettings;
};

type CompareModule = typeof import("./history/compare-dialog");

export function Playground({ models, promptMaxChars, service, signOut, shared, historyCaps, gridSettings }: PlaygroundProps) {
  const [mode, setMode] = useState<PlaygroundMode>("single");
  const [gridInitial, setGridInitial] = useState<GridSpec | null>(null);
  // Bumped when a grid from history fills the grid form, so the form starts again from it.
  const [gridFormKey, setGridFormKey] = useState(0);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const [run, setRun] = useState<RunState>({ phase: "idle" });
  const [endpointInUse, setEndpointInUse] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const resultRef = useRef<HTMLElement>(null);
  const formApiRef = useRef<GenerationFormApi>(null);
  const history = useHistory(historyCaps);
  const saveToHistory = history.save;
  const restoreSaved = history.restore;
  const [shownRunId, setShownRunId] = useState<string | null>(null);
  const [comparing, setComparing] = useState<{ runs: HistoryRun[]; module: CompareModule } | null>(null);
  // Whatever was asked for last owns the result area: a run opened from history while another
  // generates stays on screen, and the generation still lands in history.
  const viewRef = useRef(0);
  // The history id of the run on screen (a promise: it is known once the run is saved).
  const shownRunIdRef = useRef<Promise<string | null>>(Promise.resolve(null));
  const finishJob = history.finishJob;

  const generate = useCallback(async (request: GenerationRequest) => {
    controllerRef.current?.abort();
    void preloadResultView();
    const controller = new AbortController();
    controllerRef.current = controller;
    const view = ++viewRef.current;
    const startedAt = Date.now();
    setShownRunId(null);
    setRun({ phase: "running", request, startedAt });
    // On a phone the result sits below the form: bring it into view instead of leaving it off-screen.
    const result = resultRef.current;
    if (result && result.getBoundingClientRect().top > window.innerHeight * 0.6) result.scrollIntoView({ behavior: "smooth", block: "start" });
    const outcome = await runGeneration(request, controller.signal);
    if (controllerRef.current === controller) controllerRef.current = null;
    if (outcome.kind === "service" && outcome.exchange.url) setEndpointInUse(outcome.exchange.url);
    const shown = viewRef.current === view;
    if (shown) setRun({ phase: "done", request, outcome });
    // Saved once the page is idle (the answer is on screen by then) and without holding the form:
    // packing a large answer and reading remote images take a while.
    const saving = whenIdle().then(() => saveToHistory(request, outcome, startedAt)).then((saved) => {
      if (saved && shown && viewRef.current === view) setShownRunId(saved.id);
      return saved?.id ?? null;
    });
    if (shown) shownRunIdRef.current = saving;
  }, [saveToHistory]);

  const openRun = useCallback(async (saved: HistoryRun) => {
    const view = ++viewRef.current;
    const restored = await restoreSaved(saved);
    if (viewRef.current !== view) return;
    formApiRef.current?.fill(saved.request);
    setShownRunId(saved.id);
    shownRunIdRef.current = Promise.resolve(saved.id);
    setRun({ phase: "done", request: saved.request, outcome: restored.outcome, saved: { run: saved, images: restored.savedImages } });
    // The next thing a designer does with an old run is edit its prompt.
    document.getElementById("prompt")?.focus({ preventScroll: true });
  }, [restoreSaved]);

  const rerun = useCallback(
    (saved: HistoryRun) => {
      formApiRef.current?.fill(saved.request);
      void generate(saved.request);
    },
    [generate],
  );

  const onJobEnded = useCallback(
    (outcome: RunOutcome) => {
      void shownRunIdRef.current.then((id) => (id ? finishJob(id, outcome) : undefined));
    },
    [finishJob],
  );

  const compare = useCallback(async (runs: HistoryRun[]) => {
    const compareModule = await import("./history/compare-dialog");
    setComparing({ runs, module: compareModule });
  }, []);

  // Grid cells land in history as one group, each once the page is idle.
  const onCellFinished = useCallback(
    ({ session, cellIndex, request, outcome, startedAt }: CellFinished) => {
      const group = { id: session.id, cellIndex, cellCount: session.plan.cells.length, rowAxis: session.rowAxis, spec: session.spec };
      void whenIdle().then(() => saveToHistory(request, outcome, startedAt, group));
    },
    [saveToHistory],
  );
  const grid = useGridRunner(gridSettings, onCellFinished);
  const gridViews = useGridViews(mode === "grid");
  const { cancelAll: cancelGrid, start: startGrid, show: showGrid, current: currentGrid } = grid;

  const switchMode = useCallback((next: PlaygroundMode) => {
    // The grid starts from what the single form holds the first time it opens.
    if (next === "grid") setGridInitial((current) => current ?? initialGridSpec(formApiRef.current?.values()));
    setMode(next);
  }, []);

  /** A grid cell in the single-run view: its request in the form, its whole answer on the right. */
  const openCell = useCallback(
    (index: number) => {
      const session = currentGrid();
      const outcome = session?.cells[index]?.outcome;
      if (!session || !outcome) return;
      const request = requestOfCell(session.plan, index);
      viewRef.current += 1;
      setMode("single");
      formApiRef.current?.fill(request);
      setShownRunId(null);
      setRun({ phase: "done", request, outcome });
    },
    [currentGrid],
  );

  const showGridForm = useCallback((spec: GridSpec) => {
    setGridInitial(spec);
    setGridFormKey((key) => key + 1);
    setMode("grid");
  }, []);

  /** A grid from history, as it was saved: every cell's latest answer in the table again. */
  const openGrid = useCallback(
    async (cells: HistoryRun[]) => {
      const group = cells[0]?.group;
      if (!group) return;
      // Planned with the limits it was made under: a lower maximum set later does not hide a saved grid.
      const planned = planGrid(group.spec, { maxCells: group.cellCount, promptMaxChars: Number.MAX_SAFE_INTEGER });
      if (!planned.ok) return;
      const restored = new Map(await Promise.all(cells.map(async (run) => [run.group?.cellIndex ?? -1, (await restoreSaved(run)).outcome] as const)));
      showGridForm(group.spec);
      showGrid({
        id: group.id,
        spec: group.spec,
        plan: planned.plan,
        rowAxis: group.rowAxis,
        cells: planned.plan.cells.map((cell) => {
          const outcome = restored.get(cell.index);
          return outcome ? { progress: { status: "done", attempts: 1, outcome }, outcome } : { progress: { status: "cancelled" }, outcome: null };
        }),
        pausedUntil: null,
        runningBatches: 0,
      });
    },
    [restoreSaved, showGrid, showGridForm],
  );

  /** Runs a saved grid again, as a new grid. */
  const rerunGrid = useCallback(
    (cells: HistoryRun[]) => {
      const group = cells[0]?.group;
      if (!group) return;
      showGridForm(group.spec);
      const planned = planGrid(group.spec, { maxCells: gridSettings.maxCells, promptMaxChars });
      // A grid too large for today's limits stays in the form, where its problem is explained.
      if (planned.ok) startGrid(group.spec, planned.plan, group.rowAxis);
    },
    [startGrid, gridSettings.maxCells, promptMaxChars, showGridForm],
  );

  const cancel = useCallback(() => {
    controllerRef.current?.abort();
    if (mode === "grid") cancelGrid();
  }, [mode, cancelGrid]);

  // Interactive now; fetch the answer views while the person is still typing, not when the answer lands.
  useEffect(() => {
    markPerformance(PERF_MARKS.interactive);
    const timer = window.setTimeout(() => void preloadResultView(), 1500);
    return () => window.clearTimeout(timer);
  }, []);

  // Keys that work from anywhere: Esc cancels (listening all the time, so there is no moment after
  // Generate when it is not heard yet), "/" goes to the prompt, "?" lists the shortcuts.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") cancel();
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "/") {
        event.preventDefault();
        document.getElementById("prompt")?.focus();
      } else if (event.key === "?") {
        event.preventDefault();
        setShowShortcuts((shown) => !shown);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [cancel]);

  return (
    <div className="mx-auto flex min-h-dvh max-w-[1600px] flex-col">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 lg:px-6 dark:border-zinc-800">
        <h1 className="text-lg font-semibold tracking-tight">Image Prompt Playground</h1>
        <div className="flex min-w-0 flex-wrap items-center gap-3">
          <ServiceBadge service={service} endpointInUse={endpointInUse} />
          {signOut && (
            <form method="post" action="/api/sign-out">
              <button type="submit" className="rounded-lg border border-zinc-300 px-2.5 py-1 text-xs font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
                Sign out
              </button>
            </form>
          )}
        </div>
      </header>
      {/* Narrow: form, result, history. Two columns: the result beside the form with history under
          the form. Wide: history as a third column that stays in view. */}
      <main className="grid flex-1 gap-6 p-4 lg:grid-cols-[minmax(320px,420px)_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:p-6 xl:grid-cols-[minmax(300px,380px)_minmax(0,1fr)_minmax(280px,340px)]">
        <section aria-label="Request" className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1">
          <ModeTabs mode={mode} onChange={switchMode} />
          {/* Both forms stay mounted: switching modes never loses what was typed in either. */}
          <div hidden={mode !== "single"}>
          <GenerationForm
            apiRef={formApiRef}
            shared={shared}
            models={models}
            promptMaxChars={promptMaxChars}
            running={run.phase === "running"}
            onGenerate={generate}
            onCancel={cancel}
          />
          </div>
          {gridInitial && (
            <div hidden={mode !== "grid"}>
              {gridViews ? (
                <gridViews.GridForm
                  key={gridFormKey}
                  settings={gridSettings}
                  models={models}
                  promptMaxChars={promptMaxChars}
                  initial={gridInitial}
                  running={(grid.session?.runningBatches ?? 0) > 0}
                  onRun={grid.start}
                  onCancel={grid.cancelAll}
                />
              ) : (
                <p className="text-sm text-zinc-500">Opening the grid…</p>
              )}
            </div>
          )}
          <PromptLibrary
            prompts={history.prompts}
            available={history.ready && history.unavailable === null}
            currentPrompt={() => formApiRef.current?.currentPrompt() ?? ""}
            onSave={history.savePrompt}
            onInsert={(text) => formApiRef.current?.insertIntoPrompt(text)}
            onDelete={(id) => void history.deletePrompt(id)}
          />
        </section>
        {showShortcuts && <ShortcutsDialog onClose={() => setShowShortcuts(false)} />}
        {/* A grid takes the width of two columns; history then goes under the form. */}
        <div className={`min-w-0 self-start lg:col-start-1 lg:row-start-2 ${mode === "grid" ? "" : "xl:sticky xl:top-4 xl:col-start-3 xl:row-span-2 xl:row-start-1"}`}>
          <HistoryPanel history={history} shownId={shownRunId} onOpen={(saved) => void openRun(saved)} onRerun={rerun} onCompare={(runs) => void compare(runs)}
            onOpenGrid={(cells) => void openGrid(cells)}
            onRerunGrid={rerunGrid}
          />
        </div>
        {comparing && <comparing.module.CompareDialog runs={comparing.runs} onClose={() => setComparing(null)} />}
        <section ref={resultRef} aria-label="Result" aria-live="polite" className={`min-w-0 scroll-mt-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 ${mode === "grid" ? "xl:col-span-2" : ""}`}>
          {mode === "grid" ? (
            grid.session && gridViews ? (
              <gridViews.GridView session={grid.session} onRowAxis={grid.setRowAxis} onRerun={grid.rerun} onOpen={openCell} onCancelAll={grid.cancelAll} />
            ) : (
              <GridPlaceholder />
            )
          ) : (
            <JobEndedContext.Provider value={onJobEnded}>
              <RunPanel run={run} onRerun={rerun} />
            </JobEndedContext.Provider>
          )}
        </section>
      </main>
    </div>
  );
}

/** Resolves when the browser has a quiet moment, or after two seconds at the latest. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

/** Keys typed into a field belong to the field, not to the page's shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}
