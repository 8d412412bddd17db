"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { VerdictChange } from "@/lib/history/verdict";
import type { GridSettings } from "@/lib/grid/grid-settings";
import type { HistoryCaps, HistoryRun } from "@/lib/history/history-types";
import { markPerformance, PERF_MARKS } from "@/lib/browser/perf-marks";
import type { PublicServiceInfo } from "@/lib/request/service-info";
import type { SharedFields } from "@/lib/request/share-link";
import { formDefaults, GenerationForm, wantFormEngine, type GenerationFormApi } from "./form/generation-form";
import { afterNextPaint, whenIdle } from "@/lib/browser/when-idle";
import type { PresenterFields } from "./present/presenter-controls";
import { GridPlaceholder } from "./grid/grid-placeholder";
import { useGridWorkspace } from "./grid/use-grid-workspace";
import { useGridSession } from "./grid/use-grid-runner";
import { useArenaSessions } from "./arena/use-arena-sessions";
import { initialArenaSpec } from "./arena/initial-arena-spec";
import { LazyReviewDialog } from "./review/lazy-review-dialog";
import { ModeTabs, type PlaygroundMode } from "./mode-tabs";
import type { ArenaSpec } from "@/lib/arena/arena-plan";
import { LazyHistoryPanel } from "./history/lazy-history-panel";
import { useHistory, useHistoryState } from "./history/use-history";
import { useLibrarySync } from "./history/use-library";
import { PromptLibrary } from "./form/prompt-library";
import { RunPanel } from "./run/run-panel";
import { resultViews } from "./run/result-views";
import { runViews } from "./run/run-views";
import { generationRuntime } from "./run/generation-runtime";
import { generationValidation } from "./form/lazy-generation-resolver";
import { isTyping } from "./ui/is-typing";
import { lazyModule, useLazyModule } from "./ui/lazy-module";
import { useOfflineShell } from "./use-offline-shell";
import { useSingleRun } from "./run/use-single-run";
import { AccountMenu } from "@/components/access/account-menu";
import { ServiceBadge } from "./service-badge";
import type { ExtraFieldsSetting } from "@/lib/request/extra-fields";
import type { Prices } from "@/lib/request/prices";
import { PricesContext } from "./ui/prices-context";
import { BudgetContext } from "./ui/budget-context";
import { useBudgetLeft } from "./form/use-budget-left";
import type { BudgetLeft } from "@/lib/request/budget-left";
import { ServiceEndpointsProvider } from "./ui/service-endpoints-context";
import { buttonClass } from "./ui/button";

type PlaygroundProps = {
  models: string[];
  promptMaxChars: number;
  extraFields: ExtraFieldsSetting;
  prices: Prices;
  /** What is left of the person's budget when page was made; null: no budget applies. */
  budget: BudgetLeft | null;
  service: PublicServiceInfo;
  /** Who is signed in (null: an open playground, nobody to sign out); `provider`: signed in with the company's provider. */
  account: { name: string; provider: boolean } | null;
  shared: SharedFields;
  historyCaps: HistoryCaps;
  /** Whose library on the server this browser's history follows; null when runs stay in each browser. */
  libraryAuthor: string | null;
  gridSettings: GridSettings;
};

/** Presenter mode's screen loads when someone first presents. */
const presenterView = lazyModule(() => import("./present/presenter"));

/** The arena's form and panel load when someone first opens the Arena tab. */
const arenaViews = lazyModule(() => import("./arena/arena-workspace"));

/** The list of shortcuts loads when someone first asks for it ("?"). */
const shortcutsDialog = lazyModule(() => import("./shortcuts-dialog"));

/** The compare dialog loads when someone first compares runs. */
const compareDialog = lazyModule(() => import("./history/compare-dialog"));
type CompareModule = Awaited<ReturnType<typeof compareDialog.load>>;

export function Playground({
  models,
  promptMaxChars,
  extraFields,
  prices,
  budget,
  service,
  account,
  shared,
  historyCaps,
  libraryAuthor,
  gridSettings,
}: PlaygroundProps) {
  const [showShortcuts, setShowShortcuts] = useState(false);
  const shortcuts = useLazyModule(shortcutsDialog, showShortcuts);
  // The fields presenter mode starts from while it is open; a link with present=1 opens it at once.
  const [presenting, setPresenting] = useState<PresenterFields | null>(() =>
    shared.present === "1" ? formDefaults(shared, models) : null,
  );
  const presenter = useLazyModule(presenterView, presenting !== null);
  // A link's script is taken once: later visits to presenter mode go on where the presenter was.
  const [linkScript, setLinkScript] = useState(shared.script);
  const [comparing, setComparing] = useState<{ runs: HistoryRun[]; module: CompareModule } | null>(null);
  const resultRef = useRef<HTMLElement>(null);
  const formApiRef = useRef<GenerationFormApi>(null);
  const history = useHistory(historyCaps, account?.name ?? null);
  // After useHistory: its effect opens history, which the library sync waits for.
  const library = useLibrarySync(history, libraryAuthor);
  const single = useSingleRun(history, formApiRef, resultRef);
  const { run, generate, openRun, rerun } = single;
  const { loadRuns } = history;
  const loadRun = useCallback(async (id: string) => (await loadRuns([id]))[0] ?? null, [loadRuns]);
  const { shownRunId } = single;
  const { setVerdict, prepareRecording } = history;
  const prompts = useHistoryState(history, (state) => state.prompts);
  const historyOpen = useHistoryState(history, (state) => state.ready && state.unavailable === null);
  // Slices, not the whole list: a run saved (each cell of a grid, as it lands) renders the page
  // again only when what it shows changed.
  const shownSummary = useHistoryState(history, (state) =>
    shownRunId === null ? undefined : state.summaries.find((saved) => saved.id === shownRunId),
  );
  const rateShown = useCallback(
    (change: VerdictChange) => {
      if (shownRunId !== null) void setVerdict([shownRunId], change);
    },
    [setVerdict, shownRunId],
  );
  const workspace = useGridWorkspace({
    settings: gridSettings,
    promptMaxChars,
    extraFields,
    history,
    formApiRef,
    showOutcome: single.showOutcome,
  });
  const { mode, grid, views: gridViews } = workspace;
  // The page reads only these of the grid's session; its table reads the rest (LiveGridView).
  const gridId = useGridSession(grid, (session) => session?.id ?? null);
  const gridRunning = useGridSession(grid, (session) => (session?.runningBatches ?? 0) > 0);
  const budgetLeft = useBudgetLeft(budget, run.phase === "running" || gridRunning);
  const arena = useLazyModule(arenaViews, mode === "arena");
  const arenas = useArenaSessions(arena);
  const [reviewing, setReviewing] = useState<{ ids: string[]; title: string } | null>(null);
  const reviewedSummaries = useHistoryState(history, (state) => (reviewing ? state.summaries : null));
  const summaryById = useMemo(
    () => (reviewedSummaries ? new Map(reviewedSummaries.map((saved) => [saved.id, saved])) : null),
    [reviewedSummaries],
  );
  const reviewGrid = useCallback((ids: string[]) => setReviewing({ ids, title: "grid" }), []);
  const rateReviewed = useCallback((id: string, change: VerdictChange) => void setVerdict([id], change), [setVerdict]);
  const [arenaInitial, setArenaInitial] = useState<ArenaSpec | null>(null);
  const { switchMode } = workspace;
  const changeMode = useCallback(
    (next: PlaygroundMode) => {
      // The arena starts from what the single form holds the first time it opens.
      if (next === "arena") setArenaInitial((current) => current ?? initialArenaSpec(formApiRef.current?.values(), models));
      switchMode(next);
    },
    [switchMode, models],
  );
  const cancelSingle = single.cancel;
  useOfflineShell();
  const cancelGrid = grid.cancelAll;

  const cancel = useCallback(() => {
    cancelSingle();
    if (mode === "grid") cancelGrid();
  }, [mode, cancelSingle, cancelGrid]);

  const present = useCallback(() => {
    setPresenting(formApiRef.current?.values() ?? formDefaults(shared, models));
    setPresentParam(true);
  }, [shared, models]);

  const stopPresenting = useCallback((fields: PresenterFields) => {
    setPresenting(null);
    setLinkScript(undefined);
    setPresentParam(false);
    // Back at the playground with what was last on the presenter's screen, ready to inspect.
    formApiRef.current?.fill(fields);
  }, []);

  const compare = useCallback(async (runs: HistoryRun[]) => {
    const compareModule = await compareDialog.load();
    setComparing({ runs, module: compareModule });
  }, []);

  // Interactive now. The form's state (react-hook-form) hydrates the form once this frame is painted.
  // Validation, the request runtime and the answer views are fetched as soon as the person starts
  // on the form (focus or a press anywhere), so they are there before Generate is pressed and the
  // answer lands, without costing the page's start-up on a phone. They wait for the first quiet
  // moment after that press: what the press itself asked for (the library's list, a dialog) comes
  // first, not behind a dozen files it did not ask for. Generate loads what it needs itself.
  useEffect(() => {
    markPerformance(PERF_MARKS.interactive);
    void afterNextPaint().then(wantFormEngine);
    const preload = () => {
      wantFormEngine();
      void whenIdle().then(() => {
        prepareRecording();
        void generationValidation.load();
        void generationRuntime.load();
        void runViews.load();
        void resultViews.load();
      });
    };
    const options = { once: true, capture: true } as const;
    window.addEventListener("focusin", preload, options);
    window.addEventListener("pointerdown", preload, options);
    window.addEventListener("keydown", preload, options);
    return () => {
      window.removeEventListener("focusin", preload, options);
      window.removeEventListener("pointerdown", preload, options);
      window.removeEventListener("keydown", preload, options);
    };
  }, [prepareRecording]);

  // Keys that work from anywhere: Esc cancels (listening all the time, so there is no moment after
  // Generate when it is not heard yet), "/" goes to the prompt, "?" lists the shortcuts. Heard as
  // the key goes down, before the page's own handlers: a key pressed on a part of the page whose
  // code is still arriving (the form, just after the page became interactive) is held by React
  // until that part hydrates, and would otherwise never reach the window.
  useEffect(() => {
    // Presenter mode has its own keys.
    if (presenting) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog over the page (review, add to collection, shortcuts) has the keys, Esc included.
      if (event.target instanceof Element && event.target.closest("dialog[open]")) return;
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
    window.addEventListener("keydown", onKeyDown, true);
    return () => window.removeEventListener("keydown", onKeyDown, true);
  }, [cancel, presenting]);

  return (
    <PricesContext.Provider value={prices}>
      <BudgetContext.Provider value={budgetLeft}>
        <ServiceEndpointsProvider endpoints={service.knownEndpoints}>
          {presenting &&
            (presenter ? (
              <presenter.default
                models={models}
                promptMaxChars={promptMaxChars}

                service={service}
                history={history}
                initial={presenting}
                scriptFromLink={linkScript}
                onExit={stopPresenting}
              />
            ) : (
              <main aria-label="Presenter mode" className="fixed inset-0 flex items-center justify-center">
                <p className="text-2xl text-muted">Opening presenter mode…</p>
              </main>
            ))}
          {/* Hidden, not unmounted, while presenting: both forms keep what was typed. */}
          <div hidden={presenting !== null} className="mx-auto flex min-h-dvh max-w-[1600px] flex-col">
            <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-200 px-4 py-3 lg:px-6 dark:border-zinc-800">
              <h1 className="text-lg font-semibold tracking-tight">Image Prompt Playground</h1>
              <div className="flex min-w-0 flex-wrap items-center gap-3">
                <ServiceBadge service={service} endpointInUse={single.endpointInUse} />
                <button type="button" onClick={present} className={buttonClass("secondary", "sm")}>
                  Present
                </button>
                {/* A plain link: next/link would join the first screen's scripts for a page opened now and then. */}
                {libraryAuthor !== null && (
                  // eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link, as Usage's beside it
                  <a href="/c" className={buttonClass("secondary", "sm")}>
                    Collections
                  </a>
                )}
                {libraryAuthor !== null && (
                  // eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link, as Usage's beside it
                  <a href="/batches" className={buttonClass("secondary", "sm")}>
                    Batches
                  </a>
                )}
                <a href="/usage" className={buttonClass("secondary", "sm")}>
                  Usage
                </a>
                {account && <AccountMenu account={account} />}
              </div>
            </header>
            {/* Narrow: form, result, history (the page's order). Two columns: the result beside the form
          with history under the form. Wide: history as a third column that stays in view. */}
            <main className="grid flex-1 gap-6 p-4 lg:grid-cols-[minmax(320px,420px)_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:p-6 xl:grid-cols-[minmax(300px,380px)_minmax(0,1fr)_minmax(280px,340px)]">
              <section aria-label="Request" className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1">
                <ModeTabs mode={mode} onChange={changeMode} />
                {/* Both forms stay mounted: switching modes never loses what was typed in either. */}
                <div hidden={mode !== "single"}>
                  <GenerationForm
                    apiRef={formApiRef}
                    shared={shared}
                    models={models}
                    promptMaxChars={promptMaxChars}
                    extraFields={extraFields}
                    running={run.phase === "running"}
                    onGenerate={generate}
                    onCancel={cancel}
                  />
                </div>
                {workspace.gridInitial && (
                  <div hidden={mode !== "grid"}>
                    {gridViews ? (
                      <gridViews.GridForm
                        key={workspace.gridFormKey}
                        settings={gridSettings}
                        models={models}
                        promptMaxChars={promptMaxChars}
                        extraFields={extraFields}
                        initial={workspace.gridInitial}
                        running={gridRunning}
                        onRun={grid.start}
                        onCancel={grid.cancelAll}
                        serverBatches={libraryAuthor !== null}
                      />
                    ) : (
                      <p className="text-sm text-muted">Opening the grid…</p>
                    )}
                  </div>
                )}
                {arena && (
                  <div hidden={mode !== "arena"}>
                    <arena.ArenaForm
                      maxCells={gridSettings.maxCells}
                      promptMaxChars={promptMaxChars}
                      models={models}
                      initial={arenaInitial ?? initialArenaSpec(undefined, models)}
                      onStart={arenas.start}
                    />
                  </div>
                )}
                {mode === "arena" && !arena && <p className="text-sm text-muted">Opening the arena…</p>}
                <PromptLibrary
                  prompts={prompts}
                  available={historyOpen}
                  currentPrompt={() => formApiRef.current?.currentPrompt() ?? ""}
                  onSave={history.savePrompt}
                  onInsert={(text) => formApiRef.current?.insertIntoPrompt(text)}
                  onDelete={(id) => void history.deletePrompt(id)}
                />
              </section>
              {showShortcuts && shortcuts && <shortcuts.ShortcutsDialog onClose={() => setShowShortcuts(false)} />}
              {comparing && <comparing.module.CompareDialog runs={comparing.runs} onClose={() => setComparing(null)} />}
              {reviewing && summaryById && (
                <LazyReviewDialog
                  title={reviewing.title}
                  ids={reviewing.ids}
                  summaries={summaryById}
                  loadRuns={loadRuns}
                  restore={history.restore}
                  loadThumbnail={history.thumbnail}
                  onVerdict={rateReviewed}
                  onClose={() => setReviewing(null)}
                  collections={libraryAuthor !== null}
                />
              )}
              <section
                ref={resultRef}
                aria-label="Result"
                aria-live="polite"
                className={`min-w-0 scroll-mt-4 lg:col-start-2 lg:row-span-2 lg:row-start-1 ${mode !== "single" ? "xl:col-span-2" : ""}`}
              >
                {mode === "arena" ? (
                  arena ? (
                    <arena.ArenaPanel arenas={arenas} active={mode === "arena" && !presenting} />
                  ) : null
                ) : mode === "grid" ? (
                  gridId !== null && gridViews ? (
                    <gridViews.LiveGridView
                      grid={grid}
                      onOpen={workspace.openCell}
                      history={history}
                      onReview={reviewGrid}
                      collections={libraryAuthor !== null}
                    />
                  ) : (
                    <GridPlaceholder />
                  )
                ) : (
                  <RunPanel
                    run={run}
                    jobs={single.jobs}
                    onRerun={rerun}
                    shownRunId={shownRunId}
                    loadRun={loadRun}
                    verdict={shownSummary}
                    onVerdict={rateShown}
                  />
                )}
              </section>
              {/* After the result in the page's order, so on a narrow screen the result comes right after
            the form and history after it. A grid takes the width of two columns; history then goes
            under the form. */}
              <div
                className={`min-w-0 self-start lg:col-start-1 lg:row-start-2 ${mode !== "single" ? "" : "xl:sticky xl:top-4 xl:col-start-3 xl:row-span-2 xl:row-start-1"}`}
              >
                <LazyHistoryPanel
                  history={history}
                  library={library}
                  libraryOn={libraryAuthor !== null}
                  shownId={single.shownRunId}
                  onOpen={(saved) => void openRun(saved)}
                  onRerun={rerun}
                  onCompare={(runs) => void compare(runs)}
                  onOpenGrid={(cells) => void workspace.openGrid(cells)}
                  onRerunGrid={workspace.rerunGrid}
                  onReview={(ids, title) => setReviewing({ ids, title })}
                />
              </div>
            </main>
          </div>
        </ServiceEndpointsProvider>
      </BudgetContext.Provider>
    </PricesContext.Provider>
  );
}

/** Keeps `present=1` in the address while presenting, so a reload comes back to it. */
function setPresentParam(on: boolean): void {
  const url = new URL(window.location.href);
  if (on) url.searchParams.set("present", "1");
  else url.searchParams.delete("present");
  url.searchParams.delete("script");
  window.history.replaceState(window.history.state, "", url);
}
