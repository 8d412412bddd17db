// idb checks results against the IndexedDB classes; the fake provides them as globals.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, describe, expect, it } from "vitest";
import { analyseAnswer } from "@/lib/history/analyse-answer";
import { recordRun, type RecordingTools } from "@/lib/history/record-run";
import { restoreOutcome } from "@/lib/history/restore-run";
import type { HistoryCaps, HistoryRun } from "@/lib/history/history-types";
import { makeRun } from "@/test-support/history-fixtures";
import { HistoryStore } from "./history-store";
import { openHistorySync } from "./history-sync";
import { PageHistory, type HistoryEngine, type HistoryRecording, type HistorySnapshot, type LocalHistoryChange } from "./page-history";

/** The store as the page has it, over a fake IndexedDB; other tabs are other stores on the same database. */

const tools: RecordingTools = {
  analyse: (bytes, contentType) => analyseAnswer(bytes, contentType),
  readRemoteImage: async () => null,
  makeThumbnail: async (image) => new Blob([`thumb of ${image.size} bytes`], { type: "image/webp" }),
};

const engine: HistoryEngine = {
  HistoryStore,
  openHistorySync,
  readPersistence: async () => ({ state: "persistent", usageBytes: 0, quotaBytes: 1e9 }),
  askPersistence: async () => true,
};
const recording: HistoryRecording = { recordRun, restoreOutcome, browserRecordingTools: tools };
const loaders = { loadEngine: async () => engine, loadRecording: async () => recording };

const BIG: HistoryCaps = { maxRuns: 1000, maxBytes: 1e12 };
const opened: PageHistory[] = [];

function pageHistory(factory: IDBFactory, caps = BIG, pages = { firstPage: 10, laterPage: 20 }, author: string | null = null): PageHistory {
  const history = new PageHistory({ caps, ...loaders, indexedDB: () => factory, ...pages, author });
  opened.push(history);
  return history;
}

afterEach(() => {
  for (const history of opened.splice(0)) history.stop();
});

/** Stores runs directly, as an earlier visit of the page left them. */
async function storeRuns(factory: IDBFactory, runs: HistoryRun[]): Promise<void> {
  const opened = await HistoryStore.open(factory);
  if (!opened.ok) throw new Error(opened.failure.message);
  const added = await opened.value.addRuns(runs, BIG);
  if (!added.ok) throw new Error(added.failure.message);
  opened.value.close();
}

/** Resolves with the first snapshot that passes `test`, however many changes that takes. */
function until(history: PageHistory, test: (snapshot: HistorySnapshot) => boolean, timeoutMs = 5000): Promise<HistorySnapshot> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const snapshot = history.getSnapshot();
      if (!test(snapshot)) return false;
      unsubscribe();
      clearTimeout(timer);
      resolve(snapshot);
      return true;
    };
    const unsubscribe = history.subscribe(check);
    const timer = setTimeout(() => {
      unsubscribe();
      reject(
        new Error(
          `not reached within ${timeoutMs} ms; last: ${JSON.stringify({ ...history.getSnapshot(), summaries: history.getSnapshot().summaries.map((run) => run.id) })}`,
        ),
      );
    }, timeoutMs);
    check();
  });
}

const ids = (snapshot: HistorySnapshot) => snapshot.summaries.map((run) => run.id);
const numbered = (count: number) => Array.from({ length: count }, (_, index) => makeRun(`run-${index}`, 1000 + index));

describe("PageHistory", () => {
  it("shows the first page at once, then reads the older pages into the same list, newest first", async () => {
    const factory = new IDBFactory();
    await storeRuns(factory, numbered(95));
    const history = pageHistory(factory);
    const seen: number[] = [];
    history.subscribe(() => seen.push(history.getSnapshot().summaries.length));
    history.start();
    const first = await until(history, (snapshot) => snapshot.ready);
    expect(first.summaries).toHaveLength(10);
    expect(ids(first)[0]).toBe("run-94");
    expect(first.totals).toEqual({ count: 95, bytes: 950 });
    const all = await until(history, (snapshot) => snapshot.ready && !snapshot.loading && snapshot.summaries.length === 95);
    expect(ids(all)).toEqual(
      numbered(95)
        .map((run) => run.id)
        .reverse(),
    );
    // Page by page (10, then 20 at a time), not in one jump at the end.
    expect(seen.filter((length, index) => length !== seen[index - 1])).toEqual([10, 30, 50, 70, 90, 95]);
    expect((await until(history, (snapshot) => snapshot.choices.models.length > 0)).choices.models).toEqual(["m"]);
  });

  it("keeps the snapshot one object until something changes, so a slice's readers render only on change", async () => {
    const factory = new IDBFactory();
    await storeRuns(factory, numbered(3));
    const history = pageHistory(factory);
    history.start();
    const ready = await until(history, (snapshot) => snapshot.ready && snapshot.prompts !== undefined && snapshot.persistence !== null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const settled = history.getSnapshot();
    expect(history.getSnapshot()).toBe(settled);
    const summaries = settled.summaries;
    history.dismissNotice();
    expect(history.getSnapshot().summaries).toBe(summaries);
    expect(ready.summaries).toHaveLength(3);
  });

  it("saves a run on top of the list, even one made before history finished opening", async () => {
    const factory = new IDBFactory();
    await storeRuns(factory, numbered(2));
    const history = pageHistory(factory);
    history.start();
    // Asked for at once: it waits for the first page, so it lands above it.
    const saved = await history.save({ model: "m", prompt: "a fox", aspect_ratio: "1:1" }, { kind: "cancelled", totalMs: 5 }, 5000);
    expect(saved?.request.prompt).toBe("a fox");
    const snapshot = await until(history, (current) => current.totals.count === 3);
    expect(ids(snapshot)).toEqual([saved?.id, "run-1", "run-0"]);
    expect(snapshot.persistence?.state).toBe("persistent");
  });

  it("hands what was done before anyone followed to the first to follow, and only to it", async () => {
    const history = pageHistory(new IDBFactory());
    history.start();
    const saved = await history.save({ model: "m", prompt: "made at once", aspect_ratio: "1:1" }, { kind: "cancelled", totalMs: 5 }, 5000);
    const first: LocalHistoryChange[] = [];
    const second: LocalHistoryChange[] = [];
    history.onLocalChange((change) => first.push(change));
    history.onLocalChange((change) => second.push(change));
    expect(first).toEqual([{ kind: "saved", ids: [saved?.id] }]);
    expect(second).toEqual([]);
    await history.setStarred([saved?.id ?? ""], true);
    expect(first.map((change) => change.kind)).toEqual(["saved", "verdict"]);
    expect(second.map((change) => change.kind)).toEqual(["verdict"]);
  });

  it("records who made each run when the playground knows people, and no one when it is open", async () => {
    const factory = new IDBFactory();
    const signedIn = pageHistory(factory, BIG, undefined, "Ada Lovelace");
    signedIn.start();
    const made = await signedIn.save({ model: "m", prompt: "a fox", aspect_ratio: "1:1" }, { kind: "cancelled", totalMs: 5 }, 5000);
    expect(made?.author).toBe("Ada Lovelace");
    const snapshot = await until(signedIn, (current) => current.totals.count === 1);
    expect(snapshot.summaries[0]?.author).toBe("Ada Lovelace");
    signedIn.stop();
    const open = pageHistory(new IDBFactory());
    open.start();
    const anonymous = await open.save({ model: "m", prompt: "a fox", aspect_ratio: "1:1" }, { kind: "cancelled", totalMs: 5 }, 5000);
    expect(anonymous && "author" in anonymous).toBe(false);
  });

  it("merges what another tab saves, stars, deletes and clears", async () => {
    const factory = new IDBFactory();
    await storeRuns(factory, numbered(2));
    const here = pageHistory(factory);
    const there = pageHistory(factory);
    here.start();
    there.start();
    await until(here, (snapshot) => snapshot.ready && snapshot.summaries.length === 2);
    await until(there, (snapshot) => snapshot.ready && snapshot.summaries.length === 2);

    await there.addImported([makeRun("from-there", 5000)]);
    expect(ids(await until(here, (snapshot) => snapshot.summaries.length === 3))).toEqual(["from-there", "run-1", "run-0"]);

    await there.setStarred(["run-0"], true);
    // The list and the filters' count of starred runs both follow.
    await until(here, (snapshot) => snapshot.summaries.some((run) => run.id === "run-0" && run.starred) && snapshot.choices.starred === 1);

    await there.remove(["run-1"]);
    expect(ids(await until(here, (snapshot) => snapshot.summaries.length === 2))).toEqual(["from-there", "run-0"]);

    await there.savePrompt("Fox", "a fox");
    expect((await until(here, (snapshot) => snapshot.prompts.length === 1)).prompts[0]).toMatchObject({ name: "Fox", text: "a fox" });

    await there.clear();
    const cleared = await until(here, (snapshot) => snapshot.summaries.length === 0 && snapshot.totals.count === 0);
    expect(cleared.loading).toBe(false);
  });

  it("drops the oldest unstarred runs past the caps and says so", async () => {
    const factory = new IDBFactory();
    await storeRuns(factory, [makeRun("kept-starred", 1, { starred: true }), makeRun("old", 2)]);
    const history = pageHistory(factory, { maxRuns: 3, maxBytes: 100 * 1024 * 1024 });
    history.start();
    await until(history, (snapshot) => snapshot.ready);
    const result = await history.addImported([makeRun("a", 10), makeRun("b", 11), makeRun("c", 12)]);
    expect(result).toEqual({ added: 3, evicted: 2 });
    const snapshot = await until(history, (current) => current.totals.count === 3);
    expect(ids(snapshot)).toEqual(["c", "b", "kept-starred"]);
    expect(snapshot.notice).toEqual({
      tone: "info",
      text: "History keeps at most 3 runs and 100 MB: the 2 oldest unstarred runs were removed. Star a run to keep it.",
    });
  });

  it("never brings back a run deleted while older pages are still being read", async () => {
    const factory = new IDBFactory();
    await storeRuns(factory, numbered(200));
    const history = pageHistory(factory, BIG, { firstPage: 10, laterPage: 5 });
    history.start();
    await until(history, (snapshot) => snapshot.ready);
    // run-3 is on a page not read yet.
    await history.remove(["run-3"]);
    const all = await until(history, (snapshot) => !snapshot.loading && snapshot.summaries.length >= 199);
    expect(all.summaries).toHaveLength(199);
    expect(ids(all)).not.toContain("run-3");
  });

  it("opens a version 1 database (whole runs in one store) with its runs and prompts", async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve, reject) => {
      const request = factory.open("image-playground", 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore("runs", { keyPath: "id" });
        request.result.createObjectStore("prompts", { keyPath: "id" });
      };
      request.onsuccess = () => {
        const db = request.result;
        const transaction = db.transaction(["runs", "prompts"], "readwrite");
        transaction.objectStore("runs").put(makeRun("v1-old", 1));
        transaction.objectStore("runs").put(makeRun("v1-new", 2, { starred: true }));
        transaction.objectStore("prompts").put({ id: "p1", name: "Fox", text: "a fox", createdAt: 1 });
        transaction.oncomplete = () => {
          db.close();
          resolve();
        };
        transaction.onerror = () => reject(transaction.error);
      };
      request.onerror = () => reject(request.error);
    });
    const history = pageHistory(factory);
    history.start();
    const snapshot = await until(history, (current) => current.ready && current.prompts.length === 1);
    expect(ids(snapshot)).toEqual(["v1-new", "v1-old"]);
    expect(snapshot.summaries[0]?.starred).toBe(true);
    expect(snapshot.totals.count).toBe(2);
    expect(snapshot.prompts[0]?.name).toBe("Fox");
  });

  it("says history is unavailable when the browser has no IndexedDB, and a save does nothing", async () => {
    const history = new PageHistory({ caps: BIG, ...loaders, indexedDB: () => undefined });
    opened.push(history);
    history.start();
    const snapshot = await until(history, (current) => current.ready);
    expect(snapshot.unavailable).toMatch(/\S/);
    expect(await history.save({ model: "m", prompt: "p", aspect_ratio: "1:1" }, { kind: "cancelled", totalMs: 1 }, 1)).toBeNull();
  });

  it("changes nothing after stop, and starts again cleanly (a remount)", async () => {
    const factory = new IDBFactory();
    await storeRuns(factory, numbered(3));
    const history = pageHistory(factory);
    history.start();
    history.stop();
    history.start();
    const snapshot = await until(history, (current) => current.ready && current.summaries.length === 3);
    expect(ids(snapshot)).toEqual(["run-2", "run-1", "run-0"]);
    history.stop();
    const before = history.getSnapshot();
    await history.addImported([makeRun("late", 9000)]);
    expect(history.getSnapshot()).toBe(before);
  });
});
