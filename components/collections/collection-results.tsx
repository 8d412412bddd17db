"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { lazyModule } from "@/components/ui/lazy-module";
import { usePagedResults } from "@/components/ui/use-paged-results";
import { collectionFileUrl, collectionRuns, removeFromCollection } from "@/lib/browser/library/collection-client";
import { fetchRun } from "@/lib/browser/library/library-client";
import type { CollectionEntry, CollectionSummary } from "@/lib/library/collection-types";
import type { HistoryRun } from "@/lib/history/history-types";
import { CollectionArena } from "./collection-arena";
import { CollectionGrid } from "./collection-grid";
import { CollectionViewer } from "./collection-viewer";
import { entryKey } from "./collection-entries";
import { useCollectionReview } from "./use-collection-review";
import { LazyReviewDialog } from "@/components/review/lazy-review-dialog";

/** The zip code loads when someone first downloads. */
const historyTransfer = lazyModule(() => import("@/components/history/history-transfer"));

/** A download holds at most this many runs (each is fetched whole, into this page's memory). */
const DOWNLOAD_MAX_RUNS = 1000;

const button = buttonClass("secondary", "sm");

/**
 * A collection's runs as a grid (newest added or best rated first, loaded a page at a time as the
 * grid scrolls), opened one at a time large, reviewed (one's own runs rated as one goes), judged in
 * a blind arena between models, selected and downloaded as the history zip (it imports anywhere),
 * taken off by editors. On a collection's page and on a batch's page (its results).
 */
export function CollectionResults({
  collection,
  viewerId,
  link,
  reload,
  emptyText,
  onTakenOff,
}: {
  collection: Pick<CollectionSummary, "id" | "name" | "role">;
  viewerId: string;
  /** Opened through a link for people outside it (read only). */
  link: string | null;
  /** A new value reads the runs again from the first page (a batch's results as more rows finish). */
  reload?: unknown;
  /** What an empty collection says. */
  emptyText: string;
  onTakenOff?: (count: number) => void;
}) {
  const [order, setOrder] = useState<"newest" | "rating">("newest");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [viewing, setViewing] = useState<number | null>(null);
  const [reviewing, setReviewing] = useState(false);
  const [judging, setJudging] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<{ tone: "info" | "problem"; text: string } | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const query = useMemo(() => ({ id: collection.id, order, link, reload }), [collection.id, order, link, reload]);
  const [loaded, setLoaded] = usePagedResults(
    query,
    (after, signal) => collectionRuns(query.id, query.order, after, { signal, link: query.link }),
    endRef,
  );
  const fileUrl = useMemo(() => collectionFileUrl(collection.id, link), [collection.id, link]);
  const canEdit = collection.role !== "viewer";
  const judged = useCallback(
    (key: string, record: NonNullable<CollectionEntry["record"]>) =>
      setLoaded((current) => ({
        ...current,
        entries: current.entries.map((entry) => (entryKey(entry) === key ? { ...entry, record } : entry)),
      })),
    [setLoaded],
  );
  const review = useCollectionReview(loaded.entries, viewerId, fileUrl, judged);

  const toggle = useCallback(
    (key: string) =>
      setSelected((current) => {
        const changed = new Set(current);
        if (changed.has(key)) changed.delete(key);
        else changed.add(key);
        return changed;
      }),
    [],
  );

  /** Every run of the collection (up to the download's most), the pages not yet shown included. */
  const allEntries = async (): Promise<CollectionEntry[] | string> => {
    const all = [...loaded.entries];
    let after = loaded.next;
    while (after !== null && all.length < DOWNLOAD_MAX_RUNS) {
      const page = await collectionRuns(collection.id, order, after, { link });
      if (!page.ok) return page.message;
      all.push(...page.value.entries);
      after = page.value.next;
    }
    return all.slice(0, DOWNLOAD_MAX_RUNS);
  };

  const download = async (which: "selected" | "all") => {
    setNote(null);
    setBusy("Preparing the zip…");
    try {
      const chosen = which === "selected" ? loaded.entries.filter((entry) => selected.has(entryKey(entry))) : await allEntries();
      if (typeof chosen === "string") return setNote({ tone: "problem", text: `The download failed: ${chosen}` });
      const runs: HistoryRun[] = [];
      for (const [position, entry] of chosen.entries()) {
        setBusy(`Fetching run ${position + 1} of ${chosen.length}…`);
        const run = await fetchRun(entry, fileUrl);
        if (!run.ok) return setNote({ tone: "problem", text: `The download failed: ${run.message}` });
        runs.push(run.value);
      }
      const transfer = await historyTransfer.load();
      await transfer.downloadHistoryArchive(runs, {});
      setNote({
        tone: "info",
        text: `Downloaded ${runs.length} run${runs.length === 1 ? "" : "s"} as a zip (it imports into any playground's history).`,
      });
    } finally {
      setBusy(null);
    }
  };

  const removeSelected = async () => {
    const runs = loaded.entries.filter((entry) => selected.has(entryKey(entry))).map((entry) => ({ author: entry.author, id: entry.id }));
    setBusy("Taking them off…");
    const removed = await removeFromCollection(collection.id, runs);
    setBusy(null);
    if (!removed.ok) return setNote({ tone: "problem", text: removed.message });
    const gone = new Set(runs.map(entryKey));
    setLoaded((current) => ({ ...current, entries: current.entries.filter((entry) => !gone.has(entryKey(entry))) }));
    setSelected(new Set());
    onTakenOff?.(removed.value);
    setNote({
      tone: "info",
      text: `Took ${removed.value} run${removed.value === 1 ? "" : "s"} off the collection; they stay in their libraries.`,
    });
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm">
          Order
          <select
            value={order}
            onChange={(event) => setOrder(event.target.value === "rating" ? "rating" : "newest")}
            className="rounded-md border border-zinc-300 bg-white px-1.5 py-1 dark:border-zinc-700 dark:bg-zinc-900"
          >
            <option value="newest">Newest added first</option>
            <option value="rating">Best rated first</option>
          </select>
        </label>
        <button
          type="button"
          className={button}
          disabled={review.ids.length === 0}
          onClick={() => setReviewing(true)}
          title="One image at a time, large: rate your own runs as you go"
        >
          Review
        </button>
        <button
          type="button"
          className={button}
          disabled={loaded.entries.length === 0}
          onClick={() => setJudging(true)}
          title="Blind pairs of two models on the same prompt, from the pictures here: rank the models"
        >
          Arena
        </button>
        <button
          type="button"
          className={button}
          disabled={loaded.entries.length === 0}
          onClick={() => setSelected(selected.size > 0 ? new Set() : new Set(loaded.entries.map(entryKey)))}
        >
          {selected.size > 0 ? `Clear selection (${selected.size})` : "Select all shown"}
        </button>
        <button type="button" className={button} disabled={selected.size === 0 || busy !== null} onClick={() => void download("selected")}>
          Download selected
        </button>
        <button
          type="button"
          className={button}
          disabled={loaded.entries.length === 0 || busy !== null}
          onClick={() => void download("all")}
        >
          Download all
        </button>
        {canEdit && (
          <button type="button" className={button} disabled={selected.size === 0 || busy !== null} onClick={() => void removeSelected()}>
            Take selected off
          </button>
        )}
      </div>
      {busy && (
        <p role="status" className="text-xs text-muted">
          {busy}
        </p>
      )}
      {note && (
        <p
          role={note.tone === "problem" ? "alert" : "status"}
          className={`text-sm ${note.tone === "problem" ? "text-red-700 dark:text-red-300" : "text-muted"}`}
        >
          {note.text}
        </p>
      )}
      {loaded.problem && loaded.entries.length === 0 ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          The collection&apos;s runs could not be read: {loaded.problem}
        </p>
      ) : !loaded.loading && loaded.entries.length === 0 ? (
        <p className="text-sm text-muted">{emptyText}</p>
      ) : (
        <CollectionGrid entries={loaded.entries} fileUrl={fileUrl} selected={selected} onToggle={toggle} onOpen={setViewing} />
      )}
      <div ref={endRef} className="py-2 text-center text-xs text-muted">
        {loaded.loading ? "Loading runs…" : ""}
      </div>
      {reviewing && <LazyReviewDialog title={collection.name} {...review} onClose={() => setReviewing(false)} />}
      {judging && (
        <CollectionArena collectionId={collection.id} loadEntries={allEntries} fileUrl={fileUrl} onClose={() => setJudging(false)} />
      )}
      {viewing !== null && (
        <CollectionViewer entries={loaded.entries} index={viewing} fileUrl={fileUrl} onMove={setViewing} onClose={() => setViewing(null)} />
      )}
    </>
  );
}
