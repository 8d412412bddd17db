import { wrap, type IDBPDatabase, type IDBPTransaction } from "idb";
import { applyVerdict, verdictOf, type VerdictChange } from "@/lib/history/verdict";
import {
  isRunStatus,
  type HistoryCaps,
  type HistoryRun,
  type RunStatus,
  type RunSummary,
  type SavedPrompt,
} from "@/lib/history/history-types";
import {
  DATABASE_NAME,
  DATABASE_VERSION,
  RUN_STORES,
  storedSummary,
  TOTALS_KEY,
  upgradeHistory,
  type HistorySchema,
  type IndexName,
  type StoredSummary,
  type Totals,
} from "./history-schema";
import { describeStorageFailure, type StorageFailure } from "./storage-failure";

/**
 * Runs and saved prompts in IndexedDB (layout in history-schema). Every method settles to a tagged
 * result instead of throwing: storage can be full or forbidden at any moment, and the page must go
 * on generating. No method reads every run except the explicit export of all of them.
 */

export type StoreResult<T> = { ok: true; value: T } | { ok: false; failure: StorageFailure };
export type { Totals };

/** Where a page of the list starts: just older than this run. */
export type PageCursor = { createdAt: number; id: string };
/** The values each filter can take (in index order), and how many runs are starred. */
export type FilterChoices = { models: string[]; ratios: string[]; statuses: RunStatus[]; starred: number };

type RunsTransaction = IDBPTransaction<HistorySchema, ["summaries", "outcomes", "thumbnails", "meta"], "readwrite">;

async function attempt<T>(work: () => Promise<T>): Promise<StoreResult<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, failure: describeStorageFailure(error) };
  }
}

function withoutIndexFields(stored: StoredSummary): RunSummary {
  const summary = { ...stored };
  delete summary.starredAt;
  return summary;
}

/** Every key of a compound index that starts with `value`: arrays sort after every number and string. */
const startingWith = (value: string) => IDBKeyRange.bound([value], [value, []]);

export class HistoryStore {
  private constructor(private readonly db: IDBPDatabase<HistorySchema>) {}

  static async open(factory: IDBFactory | undefined, name = DATABASE_NAME): Promise<StoreResult<HistoryStore>> {
    if (!factory) return { ok: false, failure: { kind: "unavailable", message: "This browser has no IndexedDB: runs are not kept." } };
    return attempt(async () => {
      // Opened by hand (then wrapped) rather than with idb's openDB, which only knows the global
      // indexedDB: tests hand in a factory of their own.
      const request = factory.open(name, DATABASE_VERSION);
      const db = await new Promise<IDBPDatabase<HistorySchema>>((resolve, reject) => {
        request.onupgradeneeded = (event) => {
          const upgrading = request.transaction;
          if (!upgrading) return;
          upgradeHistory(wrap(request.result) as IDBPDatabase<HistorySchema>, event.oldVersion, wrap(upgrading) as never).catch(() =>
            upgrading.abort(),
          );
        };
        request.onsuccess = () => resolve(wrap(request.result) as IDBPDatabase<HistorySchema>);
        request.onerror = () => reject(request.error ?? new Error("IndexedDB could not be opened"));
        // An older page in another tab holds version 1 open and does not step aside: say so
        // instead of waiting forever.
        request.onblocked = () =>
          reject(
            new DOMException("Another tab of the playground still has the older history open: close it, then reload", "InvalidStateError"),
          );
      });
      // A newer version opened in another tab: step aside so it can upgrade; this tab's next
      // change then fails with a notice asking for a reload.
      db.addEventListener("versionchange", () => db.close());
      return new HistoryStore(db);
    });
  }

  private runsTransaction(): RunsTransaction {
    return this.db.transaction([...RUN_STORES], "readwrite");
  }

  /** How many runs are kept and their bytes, from the meta record (no scan). */
  totals(): Promise<StoreResult<Totals>> {
    return attempt(async () => (await this.db.get("meta", TOTALS_KEY)) ?? { count: 0, bytes: 0 });
  }

  /** One page of summaries, newest first, starting just older than `after` (or at the newest). */
  listPage(after: PageCursor | null, limit: number): Promise<StoreResult<RunSummary[]>> {
    return attempt(async () => {
      const range = after ? IDBKeyRange.upperBound([after.createdAt, after.id], true) : null;
      const page: RunSummary[] = [];
      let cursor = await this.db.transaction("summaries").store.index("byTime").openCursor(range, "prev");
      while (cursor && page.length < limit) {
        page.push(withoutIndexFields(cursor.value));
        cursor = await cursor.continue();
      }
      return page;
    });
  }

  /** The summaries of these runs, in the order asked, leaving out any that are gone. */
  summariesOf(ids: readonly string[]): Promise<StoreResult<RunSummary[]>> {
    return attempt(async () => {
      const store = this.db.transaction("summaries").store;
      const found = await Promise.all(ids.map((id) => store.get(id)));
      return found.filter((summary) => summary !== undefined).map(withoutIndexFields);
    });
  }

  /** Whole runs (answer and images included), in the order asked, leaving out any that are gone. */
  getRuns(ids: readonly string[]): Promise<StoreResult<HistoryRun[]>> {
    return attempt(async () => {
      const transaction = this.db.transaction(["summaries", "outcomes", "thumbnails"]);
      const runs = await Promise.all(
        ids.map(async (id) => {
          const [summary, outcome, thumbnail] = await Promise.all([
            transaction.objectStore("summaries").get(id),
            transaction.objectStore("outcomes").get(id),
            transaction.objectStore("thumbnails").get(id),
          ]);
          if (!summary || !outcome) return null;
          const { hasThumbnail, ...rest } = withoutIndexFields(summary);
          return { ...rest, thumbnail: hasThumbnail ? (thumbnail?.blob ?? null) : null, outcome: outcome.outcome } satisfies HistoryRun;
        }),
      );
      return runs.filter((run) => run !== null);
    });
  }

  /** Thumbnails of the rows on screen, read together in one transaction. */
  thumbnailsOf(ids: readonly string[]): Promise<StoreResult<Map<string, Blob>>> {
    return attempt(async () => {
      const store = this.db.transaction("thumbnails").store;
      const found = await Promise.all(ids.map((id) => store.get(id)));
      return new Map(found.filter((entry) => entry !== undefined).map((entry) => [entry.id, entry.blob]));
    });
  }

  /** A grid's runs, by cell. */
  listGroup(groupId: string): Promise<StoreResult<RunSummary[]>> {
    return attempt(async () => (await this.db.getAllFromIndex("summaries", "byGroup", startingWith(groupId))).map(withoutIndexFields));
  }

  /**
   * The values in use for each filter, read from the indexes by skipping from one value to the
   * next: as many steps as there are distinct values, not as there are runs. (How many runs have
   * each value the page counts in its own list, which it holds anyway; counting here would walk
   * every key and hold up the writes queued behind it.)
   */
  filterChoices(): Promise<StoreResult<FilterChoices>> {
    return attempt(async () => {
      const transaction = this.db.transaction("summaries");
      const distinct = async (indexName: Exclude<IndexName, "byStarred" | "byTime" | "byGroup">) => {
        const values: string[] = [];
        let cursor = await transaction.store.index(indexName).openKeyCursor();
        while (cursor) {
          const value = cursor.key[0];
          values.push(value);
          cursor = await cursor.continue([value, []] as unknown as typeof cursor.key);
        }
        return values;
      };
      const [models, ratios, statuses, starred] = await Promise.all([
        distinct("byModel"),
        distinct("byRatio"),
        distinct("byStatus"),
        // Only starred runs are in this index: a handful, not the whole history.
        transaction.store.index("byStarred").count(),
      ]);
      return { models, ratios, statuses: statuses.filter(isRunStatus), starred };
    });
  }

  /**
   * Saves runs (one, or an import), then removes the oldest unstarred runs beyond the caps, in one
   * transaction: the runs, the removals and the totals land together or not at all. Runs whose id
   * is already stored are left as they are. `keep` (the run just made) is never removed. `added`
   * lists every run newly stored, including any evicted at once (a very old run imported).
   */
  addRuns(
    runs: readonly HistoryRun[],
    caps: HistoryCaps,
    keep?: string,
  ): Promise<StoreResult<{ added: RunSummary[]; evicted: RunSummary[] }>> {
    return attempt(async () => {
      const transaction = this.runsTransaction();
      const totals = await this.readTotals(transaction);
      const added: RunSummary[] = [];
      for (const run of runs) {
        if ((await transaction.objectStore("summaries").getKey(run.id)) !== undefined) continue;
        const summary = storedSummary(run);
        void transaction.objectStore("summaries").put(summary);
        void transaction.objectStore("outcomes").put({ id: run.id, outcome: run.outcome });
        if (run.thumbnail) void transaction.objectStore("thumbnails").put({ id: run.id, blob: run.thumbnail });
        totals.count += 1;
        totals.bytes += run.sizeBytes;
        added.push(withoutIndexFields(summary));
      }
      const evicted = await this.evict(transaction, totals, caps, keep);
      await transaction.objectStore("meta").put(totals, TOTALS_KEY);
      await transaction.done;
      return { added, evicted };
    });
  }

  addRun(run: HistoryRun, caps: HistoryCaps): Promise<StoreResult<{ added: RunSummary[]; evicted: RunSummary[] }>> {
    return this.addRuns([run], caps, run.id);
  }

  /** Oldest first along the time index, skipping starred runs and `keep`, until within the caps. */
  private async evict(transaction: RunsTransaction, totals: Totals, caps: HistoryCaps, keep?: string): Promise<RunSummary[]> {
    const evicted: RunSummary[] = [];
    if (totals.count <= caps.maxRuns && totals.bytes <= caps.maxBytes) return evicted;
    let cursor = await transaction.objectStore("summaries").index("byTime").openCursor();
    while (cursor && (totals.count > caps.maxRuns || totals.bytes > caps.maxBytes)) {
      const summary = cursor.value;
      if (!summary.starred && summary.id !== keep) {
        void cursor.delete();
        void transaction.objectStore("outcomes").delete(summary.id);
        void transaction.objectStore("thumbnails").delete(summary.id);
        totals.count -= 1;
        totals.bytes -= summary.sizeBytes;
        evicted.push(withoutIndexFields(summary));
      }
      cursor = await cursor.continue();
    }
    return evicted;
  }

  private async readTotals(transaction: RunsTransaction): Promise<Totals> {
    return { ...((await transaction.objectStore("meta").get(TOTALS_KEY)) ?? { count: 0, bytes: 0 }) };
  }

  /** Replaces a stored run (a job's final answer), keeping its star and verdict; does nothing if the run was deleted meanwhile. */
  replaceRun(run: HistoryRun): Promise<StoreResult<RunSummary | null>> {
    return attempt(async () => {
      const transaction = this.runsTransaction();
      const existing = await transaction.objectStore("summaries").get(run.id);
      if (!existing) {
        await transaction.done;
        return null;
      }
      const totals = await this.readTotals(transaction);
      const summary = storedSummary({ ...run, ...verdictOf(existing) }, existing.starred);
      void transaction.objectStore("summaries").put(summary);
      void transaction.objectStore("outcomes").put({ id: run.id, outcome: run.outcome });
      if (run.thumbnail) void transaction.objectStore("thumbnails").put({ id: run.id, blob: run.thumbnail });
      else void transaction.objectStore("thumbnails").delete(run.id);
      totals.bytes += run.sizeBytes - existing.sizeBytes;
      await transaction.objectStore("meta").put(totals, TOTALS_KEY);
      await transaction.done;
      return withoutIndexFields(summary);
    });
  }

  /** Stars or unstars runs (a grid's runs together), in one transaction. */
  setStarred(ids: readonly string[], starred: boolean): Promise<StoreResult<void>> {
    return attempt(async () => {
      const transaction = this.db.transaction("summaries", "readwrite");
      for (const id of ids) {
        const summary = await transaction.store.get(id);
        if (summary) void transaction.store.put(storedSummary(summary, starred));
      }
      await transaction.done;
    });
  }

  /** Rates, picks or notes runs, in one transaction; answers the summaries as they now are. */
  setVerdict(ids: readonly string[], change: VerdictChange): Promise<StoreResult<RunSummary[]>> {
    return attempt(async () => {
      const transaction = this.db.transaction("summaries", "readwrite");
      const changed: RunSummary[] = [];
      for (const id of ids) {
        const summary = await transaction.store.get(id);
        if (!summary) continue;
        const next = applyVerdict(summary, change);
        void transaction.store.put(next);
        changed.push(withoutIndexFields(next));
      }
      await transaction.done;
      return changed;
    });
  }

  deleteRuns(ids: readonly string[]): Promise<StoreResult<void>> {
    return attempt(async () => {
      const transaction = this.runsTransaction();
      const totals = await this.readTotals(transaction);
      for (const id of ids) {
        const summary = await transaction.objectStore("summaries").get(id);
        if (!summary) continue;
        void transaction.objectStore("summaries").delete(id);
        void transaction.objectStore("outcomes").delete(id);
        void transaction.objectStore("thumbnails").delete(id);
        totals.count -= 1;
        totals.bytes -= summary.sizeBytes;
      }
      await transaction.objectStore("meta").put(totals, TOTALS_KEY);
      await transaction.done;
    });
  }

  clearRuns(): Promise<StoreResult<void>> {
    return attempt(async () => {
      const transaction = this.runsTransaction();
      await Promise.all([
        transaction.objectStore("summaries").clear(),
        transaction.objectStore("outcomes").clear(),
        transaction.objectStore("thumbnails").clear(),
        transaction.objectStore("meta").put({ count: 0, bytes: 0 }, TOTALS_KEY),
      ]);
      await transaction.done;
    });
  }

  /** Every run's id, newest first (keys only: no summary is read). */
  allIds(): Promise<StoreResult<string[]>> {
    return attempt(async () => (await this.db.getAllKeysFromIndex("summaries", "byTime")).reverse());
  }

  /** Every run, whole, newest first: only for "Export all", which asks for exactly that. */
  listAllRuns(): Promise<StoreResult<HistoryRun[]>> {
    return attempt(async () => {
      const ids = (await this.db.getAllKeysFromIndex("summaries", "byTime")).reverse();
      const runs = await this.getRuns(ids);
      if (!runs.ok) throw new Error(runs.failure.message);
      return runs.value;
    });
  }

  listPrompts(): Promise<StoreResult<SavedPrompt[]>> {
    return attempt(async () => (await this.db.getAll("prompts")).sort((a, b) => a.name.localeCompare(b.name)));
  }

  savePrompt(prompt: SavedPrompt): Promise<StoreResult<void>> {
    return attempt(async () => void (await this.db.put("prompts", prompt)));
  }

  deletePrompt(id: string): Promise<StoreResult<void>> {
    return attempt(() => this.db.delete("prompts", id));
  }

  close(): void {
    this.db.close();
  }
}
