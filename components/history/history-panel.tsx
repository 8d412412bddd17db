"use client";

import { usePrices } from "@/components/ui/prices-context";
import { formatMoney, type ReportedCost } from "@/lib/answer/format-money";
import { estimateRunCost, sumCosts, type Prices } from "@/lib/request/prices";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import { formatBytes } from "@/lib/utils/format-bytes";
import { countOf, formatCount } from "@/lib/utils/format-count";
import { countValues, EMPTY_FILTER, filterRuns, isFiltering } from "@/lib/history/history-filter";
import { bestRatedFirst, groupHistory, type HistoryEntry } from "@/lib/history/history-groups";
import type { HistoryRun, RunSummary } from "@/lib/history/history-types";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { HistoryFilters } from "./history-filters";
import { HistoryList } from "./history-list";
import { HistoryNoticeBar } from "./history-notice-bar";
import { HistoryPersistence } from "./history-persistence";
import { HistoryToolbar } from "./history-toolbar";
import { useNow } from "@/components/ui/use-now";
import { HistoryFrame, HistoryHeading } from "./history-frame";
import { useHistoryState, useHistoryStateInTransition, type HistoryApi, type HistorySnapshot } from "./use-history";
import { gridShareTarget, LazyShareDialog, runShareTarget } from "@/components/share/share-result-button";
import type { ShareTarget } from "@/components/share/share-dialog";
import { useTeamFeedback } from "@/components/share/use-team-feedback";
import { useSharedRunIds } from "@/components/share/use-made-shares";
import type { LibrarySync } from "@/lib/browser/library/library-sync";
import { LibraryStatusLine } from "./library-status";
import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import { whenIdle } from "@/lib/browser/when-idle";
import { LibraryScope, type Scope } from "./library-scope";
import { useWaitingForLibrary } from "./use-waiting-for-library";

export type HistoryPanelProps = {
  history: HistoryApi;
  shownId: string | null;
  onOpen: (run: HistoryRun) => void;
  onRerun: (run: HistoryRun) => void;
  onCompare: (runs: HistoryRun[]) => void;
  onOpenGrid: (cells: HistoryRun[]) => void;
  onRerunGrid: (cells: HistoryRun[]) => void;
  /** Opens review mode over these runs, in this order. */
  onReview: (ids: string[], title: string) => void;
  /** The person's library on the server, once its sync has started: deleting then deletes everywhere. */
  library: LibrarySync | null;
  /**
   * Whether the playground keeps a library for this person: its status line and the choice of runs
   * to list have their place from the start, so that nothing below them moves when the sync starts.
   */
  libraryOn: boolean;
};

/** The estimated cost of the runs made since local midnight, per currency (nothing without prices). */
function todaysCost(runs: readonly RunSummary[], prices: Prices, now: number): ReportedCost[] {
  if (Object.keys(prices).length === 0) return [];
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  const today: RunSummary[] = [];
  // Newest first: stop at the first run made before midnight.
  for (const run of runs) {
    if (run.createdAt < midnight.getTime()) break;
    if (run.status === "succeeded") today.push(run);
  }
  return sumCosts(today.map((run) => estimateRunCost(prices[run.request.model], { images: run.imageCount, usage: run.usage ?? null })));
}

/** Review goes through the runs with images that the filters show, in the list's order (read on demand, not per keystroke). */
function reviewIdsOf(entries: readonly HistoryEntry[]): string[] {
  return entries
    .flatMap((entry) => (entry.kind === "run" ? [entry.run] : entry.cells))
    .filter((run) => run.status === "succeeded")
    .map((run) => run.id);
}

/** The library on the server's views: loaded when the person first looks there. */
const libraryViews = lazyModule(() => import("./library-views"));

const selectSummaries = (state: HistorySnapshot) => state.summaries;
const selectTotals = (state: HistorySnapshot) => state.totals;
const selectLoading = (state: HistorySnapshot) => state.loading;
const selectReady = (state: HistorySnapshot) => state.ready;
const selectChoices = (state: HistorySnapshot) => state.choices;

/** Every run kept in this browser: find one, open it, run it again, compare, export, import. */
export function HistoryPanel({
  history,
  shownId,
  onOpen,
  onRerun,
  onCompare,
  onOpenGrid,
  onRerunGrid,
  onReview,
  library,
  libraryOn,
}: HistoryPanelProps) {
  const [filter, setFilter] = useState(EMPTY_FILTER);
  // Typing stays immediate; the list follows as soon as React has a moment.
  const appliedFilter = useDeferredValue(filter);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // With a library: this browser's runs, or every run of the person's library (searched on the server).
  const [scope, setScope] = useState<Scope>({ where: "here", from: "", to: "", by: "" });
  const appliedScope = useDeferredValue(scope);
  const inLibrary = library !== null && scope.where !== "here";
  const libraryModule = useLazyModule(libraryViews, inLibrary);
  // Fetched in a quiet moment once the panel is shown, so that "All my runs" opens at once.
  useEffect(() => {
    if (library) void whenIdle().then(() => libraryViews.load());
  }, [library]);
  // The search is one value for as long as what it asks is the same: a new object starts the search
  // over. Which runs (a radio) is read at once, as the list it switches; the typed dates and author
  // follow when React has a moment. Read from the deferred scope as a whole, pressing "All my runs"
  // sent the search twice (once as the list switched, again when the deferred scope caught up).
  const searchScope = scope.where === "team" ? ("team" as const) : ("mine" as const);
  const { from, to, by } = appliedScope;
  const librarySearch = useMemo(() => ({ ...appliedFilter, from, to, scope: searchScope, by }), [appliedFilter, from, to, searchScope, by]);
  const [confirmClear, setConfirmClear] = useState(false);
  // With a library, a deletion reaches every device: asked first, answered when the dialog closes.
  const [confirmDelete, setConfirmDelete] = useState<{ ids: readonly string[]; answer: (yes: boolean) => void } | null>(null);
  const now = useNow(30_000);
  // The list and what is counted along it follow history in the background (see useHistoryStateInTransition).
  const summaries = useHistoryStateInTransition(history, selectSummaries);
  const totals = useHistoryStateInTransition(history, selectTotals);
  const loading = useHistoryStateInTransition(history, selectLoading);
  const ready = useHistoryStateInTransition(history, selectReady);
  const unavailable = useHistoryState(history, (state) => state.unavailable);
  // With history unavailable no sync starts: no place is kept for one.
  const syncs = libraryOn && !unavailable;
  // A new device: until the library's first round has brought in the newest runs, the panel holds
  // only its heading, status and choice of runs, and what arrives is added below them (nothing moves).
  const waitingForLibrary = useWaitingForLibrary(library, { syncs, empty: totals.count === 0 });
  const persistence = useHistoryState(history, (state) => state.persistence);
  const notice = useHistoryState(history, (state) => state.notice);
  const choices = useHistoryStateInTransition(history, selectChoices);
  const sharedIds = useSharedRunIds();
  const teamFeedback = useTeamFeedback(sharedIds);
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const sharedCount = useMemo(() => summaries.reduce((count, run) => count + (sharedIds.has(run.id) ? 1 : 0), 0), [summaries, sharedIds]);
  const shown = useMemo(() => filterRuns(summaries, appliedFilter, sharedIds), [summaries, appliedFilter, sharedIds]);
  const entries = useMemo(() => {
    const grouped = groupHistory(shown);
    return appliedFilter.order === "rating" ? bestRatedFirst(grouped) : grouped;
  }, [shown, appliedFilter.order]);
  const chosen = useMemo(() => summaries.filter((run) => selected.has(run.id)), [summaries, selected]);
  const prices = usePrices();
  const today = useMemo(() => todaysCost(summaries, prices, now), [summaries, prices, now]);
  const filtering = isFiltering(appliedFilter);
  // Counted once every run is read: a partial count would only mislead.
  const counts = useMemo(() => (loading ? null : countValues(summaries)), [loading, summaries]);

  const toggle = (ids: readonly string[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  /** The list knows summaries; what the rest of the page is handed is the whole run, read now. */
  const whole = (act: (runs: HistoryRun[]) => void) => async (runs: readonly RunSummary[]) => {
    const loaded = await history.loadRuns(runs.map((run) => run.id));
    if (loaded.length > 0) act(loaded);
  };

  return (
    <HistoryFrame>
      <div className="flex items-baseline justify-between gap-2">
        <HistoryHeading />
        <button
          type="button"
          className="text-xs font-medium text-red-700 hover:underline disabled:opacity-40 dark:text-red-300"
          disabled={totals.count === 0}
          onClick={() => setConfirmClear(true)}
        >
          Clear all
        </button>
      </div>
      <div className="-mt-2 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted">
        {/* Kept in its place but not shown while the library may still bring runs in: the count would
            only mislead, and its text, growing, would move. */}
        <p data-testid="history-usage" className={waitingForLibrary ? "invisible" : undefined}>
          {countOf(totals.count, "run")} · {formatBytes(totals.bytes)} of {formatBytes(history.caps.maxBytes)}
        </p>
        {today.length > 0 && (
          <p data-testid="history-cost-today" title="Runs made today, at IMAGE_PRICES">
            Today ≈ {today.map(formatMoney).join(" + ")} estimated
          </p>
        )}
      </div>
      {syncs && <LibraryStatusLine sync={library} />}
      {unavailable && (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-2.5 text-xs text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {unavailable}
        </p>
      )}
      {notice && <HistoryNoticeBar notice={notice} onDismiss={history.dismissNotice} />}
      {syncs && <LibraryScope scope={scope} onChange={setScope} disabled={library === null} />}
      {(totals.count > 0 || inLibrary) && (
        <HistoryFilters
          choices={choices}
          counts={inLibrary ? null : counts}
          filter={filter}
          sharedCount={inLibrary ? 0 : sharedCount}
          onChange={setFilter}
        />
      )}
      {inLibrary ? (
        libraryModule ? (
          <>
            <libraryModule.LibraryExport search={librarySearch} history={history} />
            <libraryModule.LibraryResults search={librarySearch} sync={library} history={history} now={now} onOpen={onOpen} />
          </>
        ) : (
          <p className="text-sm text-muted">Opening the library…</p>
        )
      ) : waitingForLibrary ? (
        <p role="status" className="text-sm text-muted" data-testid="history-waiting-for-library">
          {ready ? "Looking for your runs in your library…" : "Opening history…"}
        </p>
      ) : (
        <>
          {filtering && (
            <p role="status" className="text-xs text-muted" data-testid="history-matches" data-search={appliedFilter.text}>
              {formatCount(shown.length)} {shown.length === 1 ? "match" : "matches"} of {countOf(totals.count, "run")}
              {loading ? " so far (older runs still loading)" : ""}
            </p>
          )}
          <HistoryToolbar
            history={history}
            chosen={chosen}
            onCompare={(runs) => void whole(onCompare)(runs)}
            canReview={shown.some((run) => run.status === "succeeded")}
            onReview={() => onReview(reviewIdsOf(entries), filtering ? "filtered history" : "history")}
            collections={libraryOn}
          />
          {!ready ? (
            <p className="text-sm text-muted">Opening history…</p>
          ) : summaries.length === 0 ? (
            <p className="text-sm text-muted">Every run you make is kept here, in this browser, with its images.</p>
          ) : shown.length === 0 ? (
            <p className="text-sm text-muted">No run matches these filters.</p>
          ) : (
            <HistoryList
              entries={entries}
              busy={loading}
              now={now}
              shownId={shownId}
              selected={selected}
              loadThumbnail={history.thumbnail}
              onOpen={(run) => void whole(([loaded]) => loaded && onOpen(loaded))([run])}
              onRerun={(run) => void whole(([loaded]) => loaded && onRerun(loaded))([run])}
              onOpenGrid={(cells) => void whole(onOpenGrid)(cells)}
              onRerunGrid={(cells) => void whole(onRerunGrid)(cells)}
              onSelect={toggle}
              sharedIds={sharedIds}
              teamFeedback={teamFeedback}
              onShare={(run) => setSharing(runShareTarget(run.id, async (id) => (await history.loadRuns([id]))[0] ?? null))}
              onShareGrid={(cells) => {
                const gridId = cells[0]?.group?.id;
                if (gridId) setSharing(gridShareTarget(gridId, history.loadGroup));
              }}
              onStar={(ids, starred) => void history.setStarred(ids, starred)}
              onVerdict={history.setVerdict}
              onDelete={async (ids) => {
                if (library && !(await new Promise<boolean>((answer) => setConfirmDelete({ ids, answer })))) return;
                toggle(ids, false);
                await history.remove(ids);
              }}
            />
          )}
        </>
      )}
      {/* Last in the panel: the browser's storage estimate may answer after the runs are listed, and
          a line inserted above them then would move the filters and the list. */}
      {persistence && totals.count > 0 && <HistoryPersistence persistence={persistence} library={library !== null} />}
      {sharing && <LazyShareDialog target={sharing} onClose={() => setSharing(null)} />}
      {confirmDelete && (
        <ConfirmDialog
          title={
            confirmDelete.ids.length === 1 ? "Delete this run everywhere?" : `Delete these ${confirmDelete.ids.length} runs everywhere?`
          }
          body="They are deleted from this browser and from your library on the server, so from every device of yours. A shared page of them stays until you stop sharing it."
          confirmLabel="Delete everywhere"
          onConfirm={() => confirmDelete.answer(true)}
          onClose={() => {
            // Closing after "Delete everywhere" answers nothing more: a promise settles once.
            confirmDelete.answer(false);
            setConfirmDelete(null);
          }}
        />
      )}
      {confirmClear && (
        <ConfirmDialog
          title="Clear all history?"
          body={
            library
              ? `This deletes every run in your library, on the server and on every device of yours (${countOf(totals.count, "saved run")} here), starred ones too. Export them first to keep a copy.`
              : `This deletes all ${countOf(totals.count, "saved run")} from this browser, starred ones too. Export them first to keep a copy.`
          }
          confirmLabel="Delete all runs"
          onConfirm={() => {
            void history.clear();
            setSelected(new Set());
            // The list and its buttons are gone: the next thing to do is a new run.
            document.getElementById("prompt")?.focus();
          }}
          onClose={() => setConfirmClear(false)}
        />
      )}
    </HistoryFrame>
  );
}
