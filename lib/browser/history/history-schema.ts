import type { DBSchema, IDBPDatabase, IDBPTransaction } from "idb";
import { summarize, type HistoryRun, type RunSummary, type SavedPrompt, type StoredOutcome } from "@/lib/history/history-types";

/**
 * How history is laid out in IndexedDB (version 2), and the upgrade from version 1.
 *
 * Version 1 kept each run whole in one store, so listing history read every answer and image.
 * Version 2 splits a run into its summary (what the list shows), its outcome (read when the run is
 * opened) and its thumbnail (read while its row is on screen), and keeps running totals in a meta
 * record so the cap check and the usage figure never scan.
 */

export const DATABASE_NAME = "image-playground";
export const DATABASE_VERSION = 2;

/** A summary as stored: `starredAt` exists only on starred runs, so the starred index holds only them. */
export type StoredSummary = RunSummary & { starredAt?: number };
export type Totals = { count: number; bytes: number };

export interface HistorySchema extends DBSchema {
  summaries: {
    key: string;
    value: StoredSummary;
    indexes: {
      byTime: [number, string];
      byStatus: [string, number, string];
      byModel: [string, number, string];
      byRatio: [string, number, string];
      byStarred: number;
      byGroup: [string, number];
    };
  };
  outcomes: { key: string; value: { id: string; outcome: StoredOutcome } };
  thumbnails: { key: string; value: { id: string; blob: Blob } };
  meta: { key: string; value: Totals };
  prompts: { key: string; value: SavedPrompt };
}

export const RUN_STORES = ["summaries", "outcomes", "thumbnails", "meta"] as const;
export const TOTALS_KEY = "totals";

export type IndexName = keyof HistorySchema["summaries"]["indexes"];

export function storedSummary(run: HistoryRun | RunSummary, starred = run.starred): StoredSummary {
  const summary: StoredSummary = "outcome" in run ? summarize(run) : { ...run };
  delete summary.starredAt;
  summary.starred = starred;
  if (starred) summary.starredAt = run.createdAt;
  return summary;
}

type UpgradeTransaction = IDBPTransaction<HistorySchema, ("summaries" | "outcomes" | "thumbnails" | "meta" | "prompts")[], "versionchange">;

/** Creates the version 2 stores and moves version 1's runs into them, in the upgrade's own transaction. */
export async function upgradeHistory(db: IDBPDatabase<HistorySchema>, oldVersion: number, transaction: UpgradeTransaction): Promise<void> {
  const summaries = db.createObjectStore("summaries", { keyPath: "id" });
  summaries.createIndex("byTime", ["createdAt", "id"]);
  summaries.createIndex("byStatus", ["status", "createdAt", "id"]);
  summaries.createIndex("byModel", ["request.model", "createdAt", "id"]);
  summaries.createIndex("byRatio", ["request.aspect_ratio", "createdAt", "id"]);
  summaries.createIndex("byStarred", "starredAt");
  summaries.createIndex("byGroup", ["group.id", "group.cellIndex"]);
  db.createObjectStore("outcomes", { keyPath: "id" });
  db.createObjectStore("thumbnails", { keyPath: "id" });
  db.createObjectStore("meta");
  if (oldVersion < 1) db.createObjectStore("prompts", { keyPath: "id" });

  const totals: Totals = { count: 0, bytes: 0 };
  if (oldVersion === 1) {
    // Version 1's store is not in the version 2 schema type: reached untyped, then removed.
    const untyped = transaction as unknown as IDBPTransaction<unknown, string[], "versionchange">;
    let cursor = await untyped.objectStore("runs").openCursor();
    while (cursor) {
      const run = cursor.value as HistoryRun;
      void transaction.objectStore("summaries").put(storedSummary(run));
      void transaction.objectStore("outcomes").put({ id: run.id, outcome: run.outcome });
      if (run.thumbnail) void transaction.objectStore("thumbnails").put({ id: run.id, blob: run.thumbnail });
      totals.count += 1;
      totals.bytes += run.sizeBytes;
      cursor = await cursor.continue();
    }
    (db as unknown as IDBPDatabase).deleteObjectStore("runs");
  }
  await transaction.objectStore("meta").put(totals, TOTALS_KEY);
}
