"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { GenerationRequest } from "@/lib/request/generation-request";
import type { HistoryStore, StoreResult } from "@/lib/browser/history/history-store";
import type { HistoryCaps, HistoryRun, RunGroup, SavedPrompt } from "@/lib/history/history-types";
import type { SavedImages } from "@/lib/history/restore-run";
import type { RunOutcome } from "@/lib/answer/run-outcome";

import { lazyModule } from "@/components/ui/lazy-module";

/** The store and the answer-reading code, fetched after the page is interactive. */
const historyEngine = lazyModule(() => import("./history-engine"));
type HistoryEngine = Awaited<ReturnType<typeof historyEngine.load>>;

/**
 * The page's view of the stored history: opens IndexedDB once, keeps the list in state, and turns
 * every storage failure into a notice. Nothing here ever stops a generation.
 */

export type HistoryNotice = { tone: "info" | "problem"; text: string };

export type HistoryApi = {
  ready: boolean;
  /** Why runs are not being kept, when the browser refuses storage. */
  unavailable: string | null;
  runs: HistoryRun[];
  prompts: SavedPrompt[];
  notice: HistoryNotice | null;
  caps: HistoryCaps;
  dismissNotice: () => void;
  save: (request: GenerationRequest, outcome: RunOutcome, createdAt: number, group?: RunGroup) => Promise<HistoryRun | null>;
  /** A job's run gets the answer that ended the job; its time counts from the submission. */
  finishJob: (id: string, outcome: RunOutcome) => Promise<void>;
  setStarred: (ids: readonly string[], starred: boolean) => Promise<void>;
  remove: (ids: readonly string[]) => Promise<void>;
  clear: () => Promise<void>;
  addImported: (runs: readonly HistoryRun[]) => Promise<{ added: number; evicted: number } | null>;
  /** A saved run's outcome as the result view shows it. */
  restore: (run: HistoryRun) => Promise<{ outcome: RunOutcome; savedImages: SavedImages }>;
  savePrompt: (name: string, text: string) => Promise<boolean>;
  deletePrompt: (id: string) => Promise<void>;
};

const newId = () => crypto.randomUUID();

function evictionNotice(evicted: readonly HistoryRun[], caps: HistoryCaps): HistoryNotice | null {
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
  // Settles once history is open (or known to be unavailable): a run made in the first moment waits for it.
  const openedRef = useRef<Promise<void>>(Promise.resolve());
  const [ready, setReady] = useState(false);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [runs, setRuns] = useState<HistoryRun[]>([]);
  // The same list for callbacks that must stay stable while it changes (a job being polled).
  const runsRef = useRef<HistoryRun[]>([]);
  const [prompts, setPrompts] = useState<SavedPrompt[]>([]);
  const [notice, setNotice] = useState<HistoryNotice | null>(null);

  /** Reads again what a change touched: the runs, the saved prompts, or (on opening) both. */
  const reload = useCallback(async (what: "runs" | "prompts" | "both") => {
    const store = storeRef.current;
    if (!store) return;
    const [listed, saved] = await Promise.all([what !== "prompts" ? store.listRuns() : null, what !== "runs" ? store.listPrompts() : null]);
    if (listed?.ok) {
      runsRef.current = listed.value;
      setRuns(listed.value);
    } else if (listed) setNotice({ tone: "problem", text: `History could not be read: ${listed.failure.message}` });
    if (saved?.ok) setPrompts(saved.value);
  }, []);

  useEffect(() => {
    let live = true;
    // After the page is interactive (a task later than the effects that hydrate it): the form
    // comes first, the list of past runs a moment after.
    const opening = new Promise<void>((resolve) => window.setTimeout(resolve, 0))
      .then(() => historyEngine.load())
      .then((engine) => {
        engineRef.current = engine;
        return engine.HistoryStore.open(typeof indexedDB === "undefined" ? undefined : indexedDB);
      });
    openedRef.current = opening
      .then(async (opened) => {
        if (!live) {
          if (opened.ok) opened.value.close();
          return;
        }
        if (!opened.ok) {
          setUnavailable(opened.failure.message);
          setReady(true);
          return;
        }
        storeRef.current = opened.value;
        await reload("both");
        setReady(true);
      })
      .catch(() => {
        if (!live) return;
        setUnavailable(
          "History could not be loaded (the page's history code did not arrive). Generation still works; reload to try again.",
        );
        setReady(true);
      });
    return () => {
      live = false;
      storeRef.current?.close();
      storeRef.current = null;
    };
  }, [reload]);

  /** Runs a store call; a failure becomes the notice, and what it touched is read again either way. */
  const write = useCallback(
    async <T>(
      action: (store: HistoryStore) => Promise<StoreResult<T>>,
      failurePrefix: string,
      touches: "runs" | "prompts" = "runs",
    ): Promise<T | null> => {
      const store = storeRef.current;
      if (!store) return null;
      const result = await action(store);
      if (!result.ok) setNotice({ tone: "problem", text: `${failurePrefix}: ${result.failure.message}` });
      await reload(touches);
      return result.ok ? result.value : null;
    },
    [reload],
  );

  const save = useCallback(
    async (request: GenerationRequest, outcome: RunOutcome, createdAt: number, group?: RunGroup) => {
      await openedRef.current;
      const engine = engineRef.current;
      if (!storeRef.current || !engine) return null;
      let run: HistoryRun;
      try {
        run = await engine.recordRun({ id: newId(), createdAt, request, outcome, group }, engine.browserRecordingTools);
      } catch (error) {
        setNotice({ tone: "problem", text: `This run was not saved: ${error instanceof Error ? error.message : String(error)}` });
        return null;
      }
      const evicted = await write((store) => store.addRun(run, caps), "This run was not saved");
      if (evicted === null) return null;
      const removal = evictionNotice(evicted, caps);
      if (removal) setNotice(removal);
      return run;
    },
    [caps, write],
  );

  const finishJob = useCallback(
    async (id: string, outcome: RunOutcome) => {
      const stored = runsRef.current.find((run) => run.id === id);
      const engine = engineRef.current;
      if (!stored || !engine) return;
      const finished = await engine.recordRun(
        { id, createdAt: stored.createdAt, request: stored.request, outcome, group: stored.group },
        engine.browserRecordingTools,
      );
      await write(
        (store) => store.replaceRun({ ...finished, durationMs: Date.now() - stored.createdAt }),
        "The job's result was not saved",
      );
    },
    [write],
  );

  return {
    ready,
    finishJob,
    unavailable,
    runs,
    prompts,
    notice,
    caps,
    dismissNotice: useCallback(() => setNotice(null), []),
    save,
    setStarred: useCallback(
      async (ids, starred) => void (await write((store) => store.setStarred(ids, starred), "The star was not saved")),
      [write],
    ),
    remove: useCallback(async (ids) => void (await write((store) => store.deleteRuns(ids), "The run was not deleted")), [write]),
    clear: useCallback(async () => void (await write((store) => store.clearRuns(), "History was not cleared")), [write]),
    addImported: useCallback(
      async (imported) => {
        const before = runsRef.current.length;
        const evicted = await write((store) => store.addRuns(imported, caps), "The import was not saved");
        if (evicted === null) return null;
        // write() has just read the list again.
        const after = runsRef.current.length;
        const removal = evictionNotice(evicted, caps);
        if (removal) setNotice(removal);
        return { added: after - before + evicted.length, evicted: evicted.length };
      },
      [caps, write],
    ),
    restore: useCallback(async (run) => (await historyEngine.load()).restoreOutcome(run), []),
    savePrompt: useCallback(
      async (name, text) =>
        (await write(
          (store) => store.savePrompt({ id: newId(), name, text, createdAt: Date.now() }),
          "The prompt was not saved",
          "prompts",
        )) !== null,
      [write],
    ),
    deletePrompt: useCallback(
      async (id) => void (await write((store) => store.deletePrompt(id), "The prompt was not deleted", "prompts")),
      [write],
    ),
  };
}
