import { chooseEvictions } from "@/lib/history/eviction";
import type { HistoryCaps, HistoryRun, SavedPrompt } from "@/lib/history/history-types";
import { openDatabase, requestResult, transactionDone } from "./idb-promises";
import { describeStorageFailure, type StorageFailure } from "./storage-failure";

/**
 * Runs and saved prompts in IndexedDB. Every method settles to a tagged result instead of
 * throwing: storage can be full or forbidden at any moment, and the page must go on generating.
 */

const DATABASE_VERSION = 1;
const RUNS = "runs";
const PROMPTS = "prompts";

export type StoreResult<T> = { ok: true; value: T } | { ok: false; failure: StorageFailure };

async function attempt<T>(work: () => Promise<T>): Promise<StoreResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, failure: describeStorageFailure(error) };
  }
}

export class HistoryStore {
  private constructor(private readonly db: IDBDatabase) {}

  /** One read-write transaction on one object store, settled once it has committed. */
  private change<T>(storeName: string, work: (store: IDBObjectStore) => Promise<T> | T): Promise<StoreResult<T>> {
    return attempt(async () => {
      const transaction = this.db.transaction(storeName, "readwrite");
      const done = transactionDone(transaction);
      const value = await work(transaction.objectStore(storeName));
      await done;
      return value;
    });
  }

  static async open(factory: IDBFactory | undefined, name = "image-playground"): Promise<StoreResult<HistoryStore>> {
    if (!factory) return { ok: false, failure: { kind: "unavailable", message: "This browser has no IndexedDB: runs are not kept." } };
    return attempt(async () => {
      const db = await openDatabase(factory, name, DATABASE_VERSION, (upgrading) => {
        upgrading.createObjectStore(RUNS, { keyPath: "id" });
        upgrading.createObjectStore(PROMPTS, { keyPath: "id" });
      });
      return new HistoryStore(db);
    });
  }

  /** Newest first. */
  listRuns(): Promise<StoreResult<HistoryRun[]>> {
    return attempt(async () => {
      const runs = await requestResult<HistoryRun[]>(this.db.transaction(RUNS).objectStore(RUNS).getAll());
      return runs.sort((a, b) => b.createdAt - a.createdAt);
    });
  }

  /**
   * Saves a run, then removes the oldest unstarred runs beyond the caps, in one transaction: the
   * saved run and the removals land together or not at all. Returns the removed runs.
   */
  addRun(run: HistoryRun, caps: HistoryCaps): Promise<StoreResult<HistoryRun[]>> {
    return this.addRuns([run], caps);
  }

  /** Several runs at once (an import); runs whose id is already stored are left as they are. */
  addRuns(runs: readonly HistoryRun[], caps: HistoryCaps): Promise<StoreResult<HistoryRun[]>> {
    return this.change(RUNS, async (store) => {
      const stored = await requestResult<HistoryRun[]>(store.getAll());
      const known = new Set(stored.map((run) => run.id));
      const added = runs.filter((run) => !known.has(run.id));
      for (const run of added) store.put(run);
      const all = [...stored, ...added];
      const newest = added.reduce<HistoryRun | undefined>(
        (latest, run) => (!latest || run.createdAt > latest.createdAt ? run : latest),
        undefined,
      );
      const evictedIds = new Set(chooseEvictions(all, caps, newest?.id));
      for (const id of evictedIds) store.delete(id);
      return all.filter((run) => evictedIds.has(run.id));
    });
  }

  /** Replaces a stored run (a job's final answer); does nothing if the run was deleted meanwhile. */
  replaceRun(run: HistoryRun): Promise<StoreResult<void>> {
    return this.change(RUNS, async (store) => {
      const existing = await requestResult<HistoryRun | undefined>(store.get(run.id));
      if (existing) store.put({ ...run, starred: existing.starred });
    });
  }

  /** Stars or unstars runs (a grid's runs together), in one transaction. */
  setStarred(ids: readonly string[], starred: boolean): Promise<StoreResult<void>> {
    return this.change(RUNS, async (store) => {
      for (const id of ids) {
        const run = await requestResult<HistoryRun | undefined>(store.get(id));
        if (run) store.put({ ...run, starred });
      }
    });
  }

  deleteRuns(ids: readonly string[]): Promise<StoreResult<void>> {
    return this.change(RUNS, (store) => {
      for (const id of ids) store.delete(id);
    });
  }

  clearRuns(): Promise<StoreResult<void>> {
    return this.change(RUNS, (store) => void store.clear());
  }

  listPrompts(): Promise<StoreResult<SavedPrompt[]>> {
    return attempt(async () => {
      const prompts = await requestResult<SavedPrompt[]>(this.db.transaction(PROMPTS).objectStore(PROMPTS).getAll());
      return prompts.sort((a, b) => a.name.localeCompare(b.name));
    });
  }

  savePrompt(prompt: SavedPrompt): Promise<StoreResult<void>> {
    return this.change(PROMPTS, (store) => void store.put(prompt));
  }

  deletePrompt(id: string): Promise<StoreResult<void>> {
    return this.change(PROMPTS, (store) => void store.delete(id));
  }

  close(): void {
    this.db.close();
  }
}
