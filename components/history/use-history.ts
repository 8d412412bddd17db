"use client";

import type { VerdictChange } from "@/lib/history/verdict";
import { useCallback, useRef, useState } from "react";
import type { GenerationRequest } from "@/lib/request/generation-request";
import type { FilterChoices, HistoryStore, StoreResult, Totals } from "@/lib/browser/history/history-store";
import type { HistoryChange, HistorySync } from "@/lib/browser/history/history-sync";
import type { Persistence } from "@/lib/browser/history/storage-persistence";
import type { HistoryCaps, HistoryRun, RunGroup, RunSummary, SavedPrompt } from "@/lib/history/history-types";
import type { SavedImages } from "@/lib/history/restore-run";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import { mergeSummaries, withoutRuns } from "@/lib/history/summary-list";
import { batchReads } from "@/lib/utils/batch-reads";

import { lazyModule } from "@/components/ui/lazy-module";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";

/** The store and the answer-reading code, fetched after the page is interactive. */
const historyEngine = lazyModule(() => import("./history-engine"));
type HistoryEngine = Awaited<ReturnType<typeof historyEngine.load>>;

/**
 * The page's view of the stored history: opens IndexedDB once, reads the summaries page by page
 * (the newest first, so the list shows at once, the older ones in the background), then keeps the
 * list by merging each change in, from this tab or another. Whole runs are read only when one is
 * opened. Every storage failure becomes a notice; nothing here ever stops a generation.
 */

export type HistoryNotice = { tone: "info" | "problem"; text: string };

export type HistoryApi = {
  ready: boolean;
  /** Why runs are not being kept, when the browser refuses storage. */
  unavailable: string | null;
  /** Newest first. While `loading`, older pages are still being read into it. */
  summaries: RunSummary[];
  loading: boolean;
  totals: Totals;
  choices: FilterChoices;
  persistence: Persistence | null;
  prompts: SavedPrompt[];
  notice: HistoryNotice | null;
  caps: HistoryCaps;
  dismissNotice: () => void;
  save: (request: GenerationRequest, outcome: RunOutcome, createdAt: number, group?: RunGroup) => Promise<HistoryRun | null>;
  /** A job's run gets the answer that ended the job; its time counts from the submission. */
  finishJob: (id: string, outcome: RunOutcome) => Promise<void>;
  setStarred: (ids: readonly string[], starred: boolean) => Promise<void>;
  /** Rates, picks or notes runs (a run, a grid cell, or a review's current image). */
  setVerdict: (ids: readonly string[], change: VerdictChange) => Promise<void>;
  remove: (ids: readonly string[]) => Promise<void>;
  clear: () => Promise<void>;
  addImported: (runs: readonly HistoryRun[]) => Promise<{ added: number; evicted: number } | null>;
  /** Whole runs (answers and images), for opening, comparing and exporting. */
  loadRuns: (ids: readonly string[]) => Promise<HistoryRun[]>;
  loadAllRuns: () => Promise<HistoryRun[] | null>;
  /** A grid's saved runs, the latest of each cell, in cell order. */
  loadGroup: (groupId: string) => Promise<HistoryRun[]>;
  /** A run's list thumbnail, read with the other rows' in one go. */
  thumbnail: (id: string) => Promise<Blob | null>;
  /** A saved run's outcome as the result view shows it. */
  restore: (run: HistoryRun) => Promise<{ outcome: RunOutcome; savedImages: SavedImages }>;
  savePrompt: (name: string, text: string) => Promise<boolean>;
  deletePrompt: (id: string) => Promise<void>;
};

/** The first page is what fills the visible list; later pages are bigger and read between frames. */
const FIRST_PAGE = 40;
const LATER_PAGE = 400;
const EMPTY_CHOICES: FilterChoices = { models: [], ratios: [], statuses: [], starred: 0 };

const newId = () => crypto.randomUUID();
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

function evictionNotice(evicted: readonly RunSummary[], caps: HistoryCaps): HistoryNotice | null {
  if (evicted.length === 0) return null;
  const megabytes = Math.round(caps.maxBytes / (1024 * 1024));
  return {
    tone: "info",
    text: `History keeps at most ${caps.maxRuns} runs and ${megabytes} MB: the ${evicted.length === 1 ? "oldest unstarred run was" : `${evicted.length} oldest unstarred runs were`} removed. Star a run to keep it.`,
  };
}

export function useHistory(caps: HistoryCaps): HistoryApi {
  const storeRef = useRef<HistoryStore | null>(null);
  const engineRef = useRef<HistoryEngine | null>(null);
  const syncRef = useRef<HistorySync | null>(null);
  // Settles once the first page is shown (or history is known to be unavailable): a run made in
  // the first moment waits for it, so it lands on top of the list, not under it.
  const openedRef = useRef<Promise<void>>(Promise.resolve());
  // Runs removed while older pages are still being read: a page read just before the removal
  // must not bring them back.
  const removedWhileLoadingRef = useRef(new Set<string>());
  // Bumped by "Clear all": a page still being read belongs to the history that was cleared.
  const loadGenerationRef = useRef(0);
  const askedPersistenceRef = useRef(false);
  const [ready, setReady] = useState(false);
  const [loading, setLoading] = useState(false);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [summaries, setSummaries] = useState<RunSummary[]>([]);
  const [totals, setTotals] = useState<Totals>({ count: 0, bytes: 0 });
  const [choices, setChoices] = useState<FilterChoices>(EMPTY_CHOICES);
  const [persistence, setPersistence] = useState<Persistence | null>(null);
  const [prompts, setPrompts] = useState<SavedPrompt[]>([]);
  const [notice, setNotice] = useState<HistoryNotice | null>(null);

  const problem = useCallback((prefix: string, result: StoreResult<unknown>) => {
    if (!result.ok) setNotice({ tone: "problem", text: `${prefix}: ${result.failure.message}` });
  }, []);

  /** The figures that come from the meta record and the indexes: cheap, read after every change. */
  const refreshCounts = useCallback(async () => {
    const store = storeRef.current;
    if (!store) return;
    const [counted, offered] = await Promise.all([store.totals(), store.filterChoices()]);
    if (counted.ok) setTotals(counted.value);
    if (offered.ok) setChoices(offered.value);
  }, []);

  const refreshPersistence = useCallback(async () => {
    const engine = engineRef.current;
    if (engine) setPersistence(await engine.readPersistence());
  }, []);

  const refreshPrompts = useCallback(async () => {
    const saved = await storeRef.current?.listPrompts();
    if (saved?.ok) setPrompts(saved.value);
  }, []);

  /** Reads the older pages one task at a time, so the page stays responsive while 10,000 come in. */
  const loadOlderPages = useCallback(async (from: RunSummary | undefined) => {
    const generation = loadGenerationRef.current;
    let after = from;
    setLoading(true);
    while (after) {
      await nextTask();
      const store = storeRef.current;
      if (!store || generation !== loadGenerationRef.current) return;
      const page = await store.listPage({ createdAt: after.createdAt, id: after.id }, LATER_PAGE);
      if (!page.ok || generation !== loadGenerationRef.current) break;
      const removed = removedWhileLoadingRef.current;
      const fresh = removed.size > 0 ? page.value.filter((run) => !removed.has(run.id)) : page.value;
      setSummaries((list) => mergeSummaries(list, fresh));
      after = page.value.length === LATER_PAGE ? page.value.at(-1) : undefined;
    }
    removedWhileLoadingRef.current.clear();
    setLoading(false);
  }, []);

  /** What another tab did, brought into this tab's list. */
  const applyChange = useCallback(
    async (change: HistoryChange) => {
      const store = storeRef.current;
      if (!store) return;
      if (change.kind === "prompts") return void (await refreshPrompts());
      if (change.kind === "cleared") {
        loadGenerationRef.current += 1;
        setSummaries([]);
        setLoading(false);
      } else if (change.kind === "deleted") {
        for (const id of change.ids) removedWhileLoadingRef.current.add(id);
        setSummaries((list) => withoutRuns(list, change.ids));
      } else {
        const read = await store.summariesOf(change.ids);
        if (!read.ok) return;
        // A run saved there and deleted since is simply not found.
        const found = new Set(read.value.map((run) => run.id));
        const gone = change.ids.filter((id) => !found.has(id));
        setSummaries((list) => mergeSummaries(withoutRuns(list, gone), read.value));
      }
      await refreshCounts();
    },
    [refreshCounts, refreshPrompts],
  );

  useAbortableEffect(
    (signal) => {
      // After the page is interactive (a task later than the effects that hydrate it): the form
      // comes first, the list of past runs a moment after.
      const opening = nextTask()
        .then(() => historyEngine.load())
        .then((engine) => {
          engineRef.current = engine;
          return engine.HistoryStore.open(typeof indexedDB === "undefined" ? undefined : indexedDB);
        });
      openedRef.current = opening
        .then(async (opened) => {
          if (signal.aborted) {
            if (opened.ok) opened.value.close();
            return;
          }
          if (!opened.ok) {
            setUnavailable(opened.failure.message);
            setReady(true);
            return;
          }
          const store = opened.value;
          storeRef.current = store;
          const engine = engineRef.current;
          if (engine) syncRef.current = engine.openHistorySync((change) => void applyChange(change));
          // The first page and the totals show the list; the filters' choices (which count along
          // the indexes) and the older pages follow.
          const [first, counted] = await Promise.all([store.listPage(null, FIRST_PAGE), store.totals()]);
          if (signal.aborted) return;
          if (first.ok) setSummaries(first.value);
          else setNotice({ tone: "problem", text: `History could not be read: ${first.failure.message}` });
          if (counted.ok) setTotals(counted.value);
          setReady(true);
          if (first.ok && first.value.length === FIRST_PAGE) void loadOlderPages(first.value.at(-1));
          void refreshCounts();
          void refreshPrompts();
          void refreshPersistence();
        })
        .catch(() => {
          if (signal.aborted) return;
          setUnavailable(
            "History could not be loaded (the page's history code did not arrive). Generation still works; reload to try again.",
          );
          setReady(true);
        });
      signal.addEventListener("abort", () => {
        loadGenerationRef.current += 1;
        syncRef.current?.close();
        syncRef.current = null;
        storeRef.current?.close();
        storeRef.current = null;
      });
    },
    [applyChange, loadOlderPages, refreshCounts, refreshPersistence, refreshPrompts],
  );

  /** After a change made here: the counts again, and the other tabs told. */
  const changed = useCallback(
    (change: HistoryChange) => {
      syncRef.current?.tell(change);
      void refreshCounts();
    },
    [refreshCounts],
  );

  /** The first saved run asks the browser to keep history through storage pressure. */
  const keepForGood = useCallback(async () => {
    const engine = engineRef.current;
    if (!engine) return;
    if (!askedPersistenceRef.current && (await engine.readPersistence()).state === "best-effort") {
      askedPersistenceRef.current = true;
      await engine.askPersistence();
    }
    setPersistence(await engine.readPersistence());
  }, []);

  const placeSaved = useCallback(
    (added: readonly RunSummary[], evicted: readonly RunSummary[]) => {
      const evictedIds = evicted.map((run) => run.id);
      // An import can bring runs so old that they are evicted in the same transaction.
      setSummaries((list) => withoutRuns(mergeSummaries(list, added), evictedIds));
      if (evictedIds.length > 0) changed({ kind: "deleted", ids: evictedIds });
      changed({ kind: "saved", ids: added.map((run) => run.id) });
      const removal = evictionNotice(evicted, caps);
      if (removal) setNotice(removal);
    },
    [caps, changed],
  );

  const save = useCallback(
    async (request: GenerationRequest, outcome: RunOutcome, createdAt: number, group?: RunGroup) => {
      await openedRef.current;
      const engine = engineRef.current;
      const store = storeRef.current;
      if (!store || !engine) return null;
      let run: HistoryRun;
      try {
        run = await engine.recordRun({ id: newId(), createdAt, request, outcome, group }, engine.browserRecordingTools);
      } catch (error) {
        setNotice({ tone: "problem", text: `This run was not saved: ${error instanceof Error ? error.message : String(error)}` });
        return null;
      }
      const saved = await store.addRun(run, caps);
      if (!saved.ok) {
        problem("This run was not saved", saved);
        return null;
      }
      placeSaved(saved.value.added, saved.value.evicted);
      void keepForGood();
      return run;
    },
    [caps, keepForGood, placeSaved, problem],
  );

  const finishJob = useCallback(
    async (id: string, outcome: RunOutcome) => {
      const store = storeRef.current;
      const engine = engineRef.current;
      if (!store || !engine) return;
      const read = await store.summariesOf([id]);
      const stored = read.ok ? read.value[0] : undefined;
      if (!stored) return;
      const finished = await engine.recordRun(
        { id, createdAt: stored.createdAt, request: stored.request, outcome, group: stored.group },
        engine.browserRecordingTools,
      );
      const replaced = await store.replaceRun({ ...finished, durationMs: Date.now() - stored.createdAt });
      if (!replaced.ok) return problem("The job's result was not saved", replaced);
      const summary = replaced.value;
      if (!summary) return;
      setSummaries((list) => mergeSummaries(list, [summary]));
      changed({ kind: "saved", ids: [id] });
    },
    [changed, problem],
  );

  const setStarred = useCallback(
    async (ids: readonly string[], starred: boolean) => {
      const store = storeRef.current;
      if (!store) return;
      const result = await store.setStarred(ids, starred);
      if (!result.ok) return problem("The star was not saved", result);
      const marked = new Set(ids);
      setSummaries((list) => list.map((run) => (marked.has(run.id) ? { ...run, starred } : run)));
      changed({ kind: "saved", ids: [...ids] });
    },
    [changed, problem],
  );

  const setVerdict = useCallback(
    async (ids: readonly string[], change: VerdictChange) => {
      const store = storeRef.current;
      if (!store) return;
      const result = await store.setVerdict(ids, change);
      if (!result.ok) return problem("The rating was not saved", result);
      setSummaries((list) => mergeSummaries(list, result.value));
      changed({ kind: "saved", ids: [...ids] });
    },
    [changed, problem],
  );

  const remove = useCallback(
    async (ids: readonly string[]) => {
      const store = storeRef.current;
      if (!store) return;
      const result = await store.deleteRuns(ids);
      if (!result.ok) return problem("The run was not deleted", result);
      for (const id of ids) removedWhileLoadingRef.current.add(id);
      setSummaries((list) => withoutRuns(list, ids));
      changed({ kind: "deleted", ids: [...ids] });
      void refreshPersistence();
    },
    [changed, problem, refreshPersistence],
  );

  const clear = useCallback(async () => {
    const store = storeRef.current;
    if (!store) return;
    const result = await store.clearRuns();
    if (!result.ok) return problem("History was not cleared", result);
    loadGenerationRef.current += 1;
    setLoading(false);
    setSummaries([]);
    changed({ kind: "cleared" });
    void refreshPersistence();
  }, [changed, problem, refreshPersistence]);

  const addImported = useCallback(
    async (imported: readonly HistoryRun[]) => {
      const store = storeRef.current;
      if (!store) return null;
      const result = await store.addRuns(imported, caps);
      if (!result.ok) {
        problem("The import was not saved", result);
        return null;
      }
      const { added, evicted } = result.value;
      placeSaved(added, evicted);
      if (added.length > 0) void keepForGood();
      return { added: added.length, evicted: evicted.length };
    },
    [caps, keepForGood, placeSaved, problem],
  );

  const loadRuns = useCallback(async (ids: readonly string[]) => {
    const read = await storeRef.current?.getRuns(ids);
    if (read && !read.ok) setNotice({ tone: "problem", text: `The saved run could not be read: ${read.failure.message}` });
    return read?.ok ? read.value : [];
  }, []);

  const loadGroup = useCallback(async (groupId: string) => {
    const listed = await storeRef.current?.listGroup(groupId);
    if (!listed?.ok) return [];
    const latest = new Map<number, RunSummary>();
    for (const run of listed.value) {
      const index = run.group?.cellIndex ?? -1;
      const kept = latest.get(index);
      if (!kept || kept.createdAt < run.createdAt) latest.set(index, run);
    }
    const ids = [...latest.entries()].sort(([a], [b]) => a - b).map(([, run]) => run.id);
    const read = await storeRef.current?.getRuns(ids);
    return read?.ok ? read.value : [];
  }, []);

  const loadAllRuns = useCallback(async () => {
    const read = await storeRef.current?.listAllRuns();
    if (read && !read.ok) setNotice({ tone: "problem", text: `History could not be read: ${read.failure.message}` });
    return read?.ok ? read.value : null;
  }, []);

  // One batching reader for the page's lifetime, made on first use.
  const thumbnailReaderRef = useRef<((id: string) => Promise<Blob | null>) | null>(null);
  const thumbnail = useCallback((id: string) => {
    thumbnailReaderRef.current ??= batchReads(async (ids) => {
      const read = await storeRef.current?.thumbnailsOf(ids);
      return read?.ok ? read.value : new Map<string, Blob>();
    });
    return thumbnailReaderRef.current(id);
  }, []);

  const savePrompt = useCallback(
    async (name: string, text: string) => {
      const result = await storeRef.current?.savePrompt({ id: newId(), name, text, createdAt: Date.now() });
      if (!result) return false;
      if (!result.ok) {
        problem("The prompt was not saved", result);
        return false;
      }
      await refreshPrompts();
      changed({ kind: "prompts" });
      return true;
    },
    [changed, problem, refreshPrompts],
  );

  const deletePrompt = useCallback(
    async (id: string) => {
      const result = await storeRef.current?.deletePrompt(id);
      if (!result) return;
      if (!result.ok) return problem("The prompt was not deleted", result);
      await refreshPrompts();
      changed({ kind: "prompts" });
    },
    [changed, problem, refreshPrompts],
  );

  return {
    ready,
    unavailable,
    summaries,
    loading,
    totals,
    choices,
    persistence,
    prompts,
    notice,
    caps,
    dismissNotice: useCallback(() => setNotice(null), []),
    save,
    finishJob,
    setStarred,
    setVerdict,
    remove,
    clear,
    addImported,
    loadRuns,
    loadAllRuns,
    loadGroup,
    thumbnail,
    restore: useCallback(async (run) => (await historyEngine.load()).restoreOutcome(run), []),
    savePrompt,
    deletePrompt,
  };
}
