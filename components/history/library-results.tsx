"use client";

import { useMemo, useRef, useState } from "react";
import type { HistoryRun } from "@/lib/history/history-types";
import { RUN_STATUS_LABELS } from "@/lib/history/history-types";
import { smallPictureOf, type LibraryEntry } from "@/lib/library/library-types";
import { fetchRun, searchLibrary, type LibrarySearch } from "@/lib/browser/library/library-client";
import { fileUrlOf } from "@/lib/browser/library/collection-client";
import { usePagedResults } from "@/components/ui/use-paged-results";
import { VerdictBadges } from "@/components/verdict/verdict-badges";
import { dateTimeText, timeAgo } from "@/lib/utils/time-ago";
import { STATUS_TONES } from "./run-status-tones";
import type { HistoryApi } from "./use-history";
import type { LibrarySync } from "@/lib/browser/library/library-sync";
import { useLibraryStatus } from "./use-library";
import { useThrottled } from "@/components/ui/use-throttled";
import { useNow } from "@/components/ui/use-now";
import { TEAM_REFRESH_MS } from "@/lib/library/team-refresh";

const keyOfEntry = (entry: LibraryEntry) => `${entry.collectionId ?? ""}/${entry.id}`;
const NONE_REMOVED: readonly string[] = [];

/**
 * Every run of the person's library on the server that the filters match, from any device, a page
 * at a time (the next page loads as the end of the list comes on screen). Thumbnails come from the
 * library; a run's answer and images are fetched only when it is opened, and then kept here.
 * The list follows the library: when the sync reads changes in it (a run made here reaching it, one
 * from another device), and in the Team view every TEAM_REFRESH_MS, the first page is read again
 * in place; a run the feed says was deleted leaves at once, from whichever page.
 */
export function LibraryResults({
  search,
  sync,
  history,
  now,
  onOpen,
}: {
  search: LibrarySearch;
  sync: LibrarySync;
  history: HistoryApi;
  now: number;
  onOpen: (run: HistoryRun) => void;
}) {
  const [opening, setOpening] = useState<string | null>(null);
  const [openProblem, setOpenProblem] = useState<string | null>(null);
  const endRef = useRef<HTMLLIElement>(null);
  // At most one search a second for changes: a bring-in of old runs changes the library at every
  // round, and the person's own searches share the server's limit (300 a minute).
  const status = useLibraryStatus(sync);
  const seenChanges = useThrottled(status?.seenChanges ?? 0, 1000);
  const team = search.scope === "team";
  const teamTick = useNow(TEAM_REFRESH_MS, team);
  const [results] = usePagedResults(search, (after, signal) => searchLibrary(search, after, signal), endRef, {
    of: team ? `${seenChanges} ${teamTick}` : seenChanges,
    keyOf: keyOfEntry,
  });
  // A run deleted (here or on another device) leaves at once, also from the pages a refresh does not read.
  const removedRuns = status?.removedRuns ?? NONE_REMOVED;
  const entries = useMemo(() => {
    if (removedRuns.length === 0) return results.entries;
    const removed = new Set(removedRuns);
    return results.entries.filter((entry) => !removed.has(entry.id));
  }, [results.entries, removedRuns]);

  const open = async (entry: LibraryEntry) => {
    setOpening(entry.id);
    setOpenProblem(null);
    // A teammate's run (Team view) is read through its collection and shown, not kept in this browser.
    const [kept] = entry.collectionId ? [] : await history.loadRuns([entry.id]);
    let run = kept;
    if (!run) {
      const fetched = await fetchRun(entry, fileUrlOf(entry));
      if (!fetched.ok) {
        setOpening(null);
        return setOpenProblem(fetched.message);
      }
      run = fetched.value;
      // One's own run is kept here from now on, like every run of this browser.
      if (!entry.collectionId) await history.receiveRuns([run]);
    }
    setOpening(null);
    onOpen(run);
  };

  const place = team ? "the team's collections" : "your library";
  if (results.problem && entries.length === 0) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {team ? "The team's collections" : "Your library"} could not be searched: {results.problem}
      </p>
    );
  }
  // (Every entry shown may have been deleted while more pages wait: the end then asks for them.)
  if (!results.loading && entries.length === 0 && results.next === null) {
    return <p className="text-sm text-muted">No run in {place} matches these filters.</p>;
  }
  return (
    <div className="-mx-1 max-h-[70vh] overflow-y-auto px-1 xl:max-h-none xl:min-h-0 xl:flex-1" data-testid="library-results">
      {openProblem && (
        <p role="alert" className="mb-2 text-xs text-red-700 dark:text-red-300">
          {openProblem}
        </p>
      )}
      <ul aria-label={`Runs in ${place}`} aria-busy={results.loading} className="flex flex-col gap-1">
        {entries.map((entry) => (
          <LibraryResult key={entry.id} entry={entry} now={now} opening={opening === entry.id} onOpen={() => void open(entry)} />
        ))}
        <li ref={endRef} className="py-2 text-center text-xs text-muted">
          {results.loading ? `Searching ${place}…` : results.next === null ? "" : "More below"}
        </li>
      </ul>
    </div>
  );
}

function LibraryResult({ entry, now, opening, onOpen }: { entry: LibraryEntry; now: number; opening: boolean; onOpen: () => void }) {
  const run = entry.record;
  if (!run) return null;
  const thumbnail = smallPictureOf(entry);
  const excerpt = run.request.prompt.length > 140 ? `${run.request.prompt.slice(0, 140)}…` : run.request.prompt;
  return (
    <li data-testid="library-result" data-run-id={run.id}>
      <button
        type="button"
        onClick={onOpen}
        disabled={opening}
        className="flex w-full min-w-0 gap-3 rounded-xl p-2 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-accent-500 disabled:opacity-60 dark:hover:bg-zinc-800/50"
      >
        <span className="checkerboard flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-800">
          {thumbnail ? (
            // eslint-disable-next-line @next/next/no-img-element -- a small picture from the library, cached by its hash
            <img src={fileUrlOf(entry)(thumbnail)} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
          ) : (
            <span aria-hidden className="text-lg text-muted">
              ◇
            </span>
          )}
        </span>
        <span className="flex min-w-0 flex-col gap-1">
          <span className="line-clamp-2 text-sm leading-snug text-zinc-900 dark:text-zinc-100" data-testid="library-prompt">
            {excerpt || <em className="text-muted">(empty prompt)</em>}
          </span>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-muted">
            <span className={`rounded-full px-1.5 py-px font-medium ${STATUS_TONES[run.status]}`} title={run.statusText}>
              {RUN_STATUS_LABELS[run.status]}
            </span>
            {run.starred && (
              <span className="text-amber-500" title="Starred">
                ★
              </span>
            )}
            <VerdictBadges verdict={run} />
            {entry.authorName && <span className="max-w-32 truncate">by {entry.authorName}</span>}
            <span className="max-w-40 truncate font-mono">{run.request.model}</span>
            <span className="font-mono">{run.request.aspect_ratio}</span>
            <time dateTime={new Date(run.createdAt).toISOString()} title={dateTimeText(run.createdAt)}>
              {opening ? "Opening…" : timeAgo(run.createdAt, now)}
            </time>
          </span>
        </span>
      </button>
    </li>
  );
}
