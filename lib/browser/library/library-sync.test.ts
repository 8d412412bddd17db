import { describe, expect, it } from "vitest";
import type { HistoryRun, RunSummary } from "@/lib/history/history-types";
import type { LocalHistoryChange } from "@/lib/browser/history/page-history";
import type { LibraryEntry } from "@/lib/library/library-types";
import type { Verdict } from "@/lib/history/verdict";
import { archivedRunFixture } from "@/test-support/archived-run";
import type { CallResult } from "./library-client";
import { LibrarySync, type Client, type SyncedHistory } from "./library-sync";

/** A browser's history in memory: what the sync reads and what it brings in. */
class FakeHistory implements SyncedHistory {
  caps = { maxRuns: 100, maxBytes: 1e9 };
  runAuthor: string | null = "Ana";
  runs = new Map<string, HistoryRun>();
  private listeners = new Set<(change: LocalHistoryChange) => void>();
  whenOpened = async () => true;
  onLocalChange = (listener: (change: LocalHistoryChange) => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  /** The person did something here. */
  local(change: LocalHistoryChange): void {
    for (const listener of this.listeners) listener(change);
  }
  loadRuns = async (ids: readonly string[]) => ids.flatMap((id) => this.runs.get(id) ?? []);
  readSummaries = async (ids: readonly string[]) => (await this.loadRuns(ids)) as unknown as RunSummary[];
  readTotals = async () => ({ count: this.runs.size, bytes: 0 });
  allIds = async () => [...this.runs.keys()];
  receiveRuns = async (runs: readonly HistoryRun[]) => {
    for (const run of runs) this.runs.set(run.id, run);
  };
  receiveVerdict = async (id: string, verdict: { starred: boolean } & Verdict) => {
    const run = this.runs.get(id);
    if (run) this.runs.set(id, { ...run, starred: verdict.starred, rating: verdict.rating, picked: verdict.picked, note: verdict.note });
  };
  receiveDeletes = async (ids: readonly string[]) => {
    for (const id of ids) this.runs.delete(id);
  };
}

function run(id: string, overrides: Partial<HistoryRun> = {}): HistoryRun {
  return { id, createdAt: 1000, starred: false, status: "succeeded", ...overrides } as HistoryRun;
}

/** The library on the server in memory, reachable or not: each run's latest state, in the order of its last change. */
class FakeLibrary implements Client {
  reachable = true;
  private feed: (LibraryEntry & { seq: number })[] = [];
  uploads: string[] = [];
  verdicts: { id: string; at: number; starred: boolean }[] = [];
  deleted: (string[] | "all")[] = [];
  private seq = 0;

  private offline<T>(): CallResult<T> {
    return { ok: false, retry: true, status: 0, message: "offline" };
  }
  entry(id: string): LibraryEntry | undefined {
    return this.feed.find((entry) => entry.id === id);
  }
  /** A change made on another device (or by this one's requests): the run's new state goes to the end of the feed. */
  add(id: string, verdictAt = 0, record: LibraryEntry["record"] = entryRecord(id)): void {
    this.feed = this.feed.filter((entry) => entry.id !== id);
    this.feed.push({ id, record, verdictAt, files: [], seq: ++this.seq });
  }
  uploadRun: Client["uploadRun"] = async (uploaded) => {
    if (!this.reachable) return this.offline();
    this.uploads.push(uploaded.id);
    if (!this.entry(uploaded.id)) this.add(uploaded.id);
    return { ok: true, value: "kept" };
  };
  fetchChanges: Client["fetchChanges"] = async (cursor) => {
    if (!this.reachable) return this.offline();
    const after = cursor === null ? this.seq : Number(cursor);
    return { ok: true, value: { entries: this.feed.filter((entry) => entry.seq > after), cursor: String(this.seq) } };
  };
  fetchNewest: Client["fetchNewest"] = async (before, limit) => {
    const kept = this.feed
      .filter((entry) => entry.record !== null)
      .sort((a, b) => (b.record?.createdAt ?? 0) - (a.record?.createdAt ?? 0))
      .filter((entry) => !before || (entry.record?.createdAt ?? 0) < before.createdAt);
    return { ok: true, value: { entries: kept.slice(0, limit) } };
  };
  fetchRun: Client["fetchRun"] = async (entry) => ({ ok: true, value: run(entry.id, { note: "from the library" }) });
  sendVerdict: Client["sendVerdict"] = async (id, verdict, at) => {
    if (!this.reachable) return this.offline();
    this.verdicts.push({ id, at, starred: verdict.starred });
    const current = this.entry(id);
    // The latest change wins, by the time each device gave it.
    if (!current?.record || current.verdictAt >= at) return { ok: true, value: false };
    this.add(id, at, { ...current.record, ...verdict });
    return { ok: true, value: true };
  };
  sendDeletes: Client["sendDeletes"] = async (which) => {
    if (!this.reachable) return this.offline();
    this.deleted.push(which === "all" ? "all" : [...which]);
    return { ok: true, value: 1 };
  };
  fetchKnown: Client["fetchKnown"] = async (ids) => ({ ok: true, value: ids.filter((id) => this.uploads.includes(id)) });
  usedBytes = 0;
  fetchUsage: Client["fetchUsage"] = async () => ({
    ok: true,
    value: { runs: this.uploads.length, bytes: this.usedBytes, limitBytes: 1000 },
  });
}

const entryRecord = (id: string) =>
  archivedRunFixture({ id, request: { model: "m", prompt: `prompt ${id}`, aspect_ratio: "1:1" } }) as LibraryEntry["record"];

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: () => null,
    get length() {
      return items.size;
    },
  };
}

const until = async (check: () => boolean, ms = 2000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

function setUp(storage = memoryStorage(), history = new FakeHistory(), library = new FakeLibrary(), intervalMs = 10) {
  let clock = 10_000;
  const sync = new LibrarySync({ history, author: "you", client: library, storage, intervalMs, now: () => ++clock });
  return { sync, history, library, storage };
}

describe("library sync", () => {
  it("sends a run saved here, its verdict after it, and a deletion, in that order", async () => {
    const { sync, history, library } = setUp();
    sync.start();
    await until(() => sync.getSnapshot().state === "synced");
    history.runs.set("a", run("a"));
    history.local({ kind: "saved", ids: ["a"] });
    history.runs.set("a", run("a", { starred: true }));
    history.local({ kind: "verdict", ids: ["a"] });
    await until(() => library.verdicts.length === 1);
    expect(library.uploads).toEqual(["a"]);
    expect(library.verdicts[0]).toMatchObject({ id: "a", starred: true });
    history.local({ kind: "deleted", ids: ["a"] });
    await until(() => library.deleted.length === 1);
    expect(library.deleted).toEqual([["a"]]);
    sync.stop();
  });

  it("on a first visit, sends a run saved while the sync looks for runs from before, and offers only those", async () => {
    const history = new FakeHistory();
    history.runs.set("before", run("before"));
    // Saved just as the first round lists this browser's runs: it is on its way, not a run from before.
    const listAll = history.allIds;
    history.allIds = async () => {
      const ids = await listAll();
      history.runs.set("early", run("early"));
      history.local({ kind: "saved", ids: ["early"] });
      return [...ids, "early"];
    };
    const { sync, library } = setUp(memoryStorage(), history);
    sync.start();
    await until(() => library.uploads.includes("early"));
    await until(() => sync.getSnapshot().state === "synced");
    expect(sync.getSnapshot().bringIn).toEqual({ state: "offered", count: 1 });
    sync.stop();
  });

  it("keeps what it could not send across a restart, and sends it when the library is back", async () => {
    const storage = memoryStorage();
    const first = setUp(storage);
    first.library.reachable = false;
    first.sync.start();
    first.history.runs.set("offline", run("offline"));
    first.history.local({ kind: "saved", ids: ["offline"] });
    await until(() => first.sync.getSnapshot().state === "offline");
    expect(first.sync.getSnapshot().pending).toBe(1);
    first.sync.stop();

    // The page is loaded again later, with the library back.
    const second = setUp(storage, first.history);
    second.sync.start();
    await until(() => second.library.uploads.length === 1);
    expect(second.library.uploads).toEqual(["offline"]);
    await until(() => second.sync.getSnapshot().pending === 0);
    second.sync.stop();
  });

  it("brings in runs, verdicts and deletions made elsewhere, and a newer verdict made here wins", async () => {
    const { sync, history, library, storage } = setUp();
    history.runs.set("mine", run("mine"));
    library.add("mine");
    library.uploads.push("mine");
    sync.start();
    await until(() => sync.getSnapshot().state === "synced");
    library.add("elsewhere");
    await until(() => history.runs.has("elsewhere"));
    expect(history.runs.get("elsewhere")?.note).toBe("from the library");

    library.add("elsewhere", 5, { ...entryRecord("elsewhere")!, starred: true, rating: 4 });
    await until(() => history.runs.get("elsewhere")?.starred === true);
    expect(history.runs.get("elsewhere")?.rating).toBe(4);

    // Rated here while the library is away; meanwhile another device starred it, earlier.
    library.reachable = false;
    history.runs.set("mine", run("mine", { rating: 2 }));
    history.local({ kind: "verdict", ids: ["mine"] });
    library.add("mine", 1, { ...entryRecord("mine")!, starred: true });
    await until(() => sync.getSnapshot().state === "offline");
    library.reachable = true;
    await until(() => library.verdicts.length === 1);
    await until(() => sync.getSnapshot().state === "synced");
    expect(history.runs.get("mine")).toMatchObject({ rating: 2, starred: false });
    expect(library.entry("mine")?.record).toMatchObject({ rating: 2, starred: false });

    expect(sync.getSnapshot().removedRuns).toEqual([]);
    library.add("elsewhere", 0, null);
    await until(() => !history.runs.has("elsewhere"));
    // Named for the views of the library searched on the server, like one this browser never had.
    library.add("never-here", 0, null);
    await until(() => sync.getSnapshot().removedRuns.length === 2);
    expect(sync.getSnapshot().removedRuns).toEqual(["elsewhere", "never-here"]);
    // Kept for the browser's other tabs too.
    expect(JSON.parse(storage.getItem("image-playground-library:you:removed") ?? "null")).toEqual(["elsewhere", "never-here"]);
    sync.stop();
  });

  it("counts the changes it reads in the library's feed, a run sent from here and one made elsewhere alike", async () => {
    const { sync, history, library } = setUp();
    sync.start();
    await until(() => sync.getSnapshot().state === "synced");
    expect(sync.getSnapshot().seenChanges).toBe(0);
    history.runs.set("a", run("a"));
    history.local({ kind: "saved", ids: ["a"] });
    await until(() => sync.getSnapshot().seenChanges === 1);
    library.add("elsewhere");
    await until(() => sync.getSnapshot().seenChanges === 2);
    // Rounds with nothing new leave the count where it is (a view reads the library again only for a change).
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sync.getSnapshot().seenChanges).toBe(2);
    sync.stop();
  });

  it("offers the runs the library lacks, uploads them with progress, and can be cancelled and resumed", async () => {
    const history = new FakeHistory();
    for (const id of ["r1", "r2", "r3", "known"]) history.runs.set(id, run(id, id === "r3" ? { author: "Ana" } : {}));
    // Made by someone else who used this browser: not Ana's to bring in.
    history.runs.set("theirs", run("theirs", { author: "Ben" }));
    const library = new FakeLibrary();
    library.uploads.push("known");
    library.add("known");
    const { sync } = setUp(memoryStorage(), history, library);
    sync.start();
    await until(() => sync.getSnapshot().bringIn?.state === "offered");
    expect(sync.getSnapshot().bringIn).toEqual({ state: "offered", count: 3 });

    library.reachable = false;
    sync.startBringIn();
    expect(sync.getSnapshot().bringIn).toEqual({ state: "uploading", done: 0, total: 3 });
    sync.cancelBringIn();
    expect(sync.getSnapshot().bringIn).toEqual({ state: "offered", count: 3 });
    library.reachable = true;
    sync.startBringIn();
    await until(() => sync.getSnapshot().bringIn?.state === "finished");
    expect(sync.getSnapshot().bringIn).toEqual({ state: "finished", total: 3, failed: 0 });
    expect(library.uploads.filter((id) => id !== "known").sort()).toEqual(["r1", "r2", "r3"]);
    sync.stop();
  });

  it("says the library is nearly full from 90 % of the limit, before anything is refused", async () => {
    const { sync, library } = setUp();
    library.usedBytes = 899;
    sync.start();
    await until(() => sync.getSnapshot().state === "synced");
    expect(sync.getSnapshot().nearlyFull).toBeNull();
    sync.stop();
    const full = setUp(memoryStorage(), new FakeHistory(), library);
    library.usedBytes = 950;
    full.sync.start();
    await until(() => full.sync.getSnapshot().nearlyFull !== null);
    expect(full.sync.getSnapshot().nearlyFull).toEqual({ bytes: 950, limitBytes: 1000 });
    full.sync.stop();
  });

  it("a new device brings in the newest 200 runs whole, not the whole library", async () => {
    const library = new FakeLibrary();
    for (let index = 0; index < 250; index++) library.add(`old-${index}`, 0, { ...entryRecord(`old-${index}`)!, createdAt: 1000 + index });
    const roomy = new FakeHistory();
    roomy.caps = { maxRuns: 1000, maxBytes: 1e9 };
    const { sync, history } = setUp(memoryStorage(), roomy, library);
    sync.start();
    await until(() => history.runs.size === 200, 5000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(history.runs.size).toBe(200);
    expect(history.runs.has("old-249")).toBe(true);
    expect(history.runs.has("old-49")).toBe(false);
    sync.stop();
  });

  it("a new device's filling waits while the person's generations are under way, and stops between downloads when one starts", async () => {
    const library = new FakeLibrary();
    for (let index = 0; index < 30; index++) library.add(`old-${index}`, 0, { ...entryRecord(`old-${index}`)!, createdAt: 1000 + index });
    const history = new FakeHistory();
    let generating = true;
    let downloads = 0;
    let newestReads = 0;
    const fetchNewest = library.fetchNewest;
    library.fetchNewest = async (before, limit) => {
      newestReads++;
      return fetchNewest(before, limit);
    };
    const fetchRun = library.fetchRun;
    library.fetchRun = async (entry) => {
      downloads++;
      // A generation starts while the first batch of downloads is under way.
      if (downloads === 1) generating = true;
      return fetchRun(entry);
    };
    let clock = 10_000;
    const sync = new LibrarySync({
      history,
      author: "you",
      client: library,
      storage: memoryStorage(),
      intervalMs: 10,
      now: () => ++clock,
      foregroundBusy: () => generating,
    });
    sync.start();
    await until(() => sync.getSnapshot().state === "synced");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(newestReads).toBe(0);
    expect(downloads).toBe(0);

    generating = false;
    await until(() => downloads > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The batch under way finished; the next ones wait.
    expect(history.runs.size).toBe(4);

    // That generation ends: the rest comes.
    generating = false;
    await until(() => history.runs.size === 30);
    sync.stop();
  });

  it("a run saved while a round is under way is sent right after it, not a whole interval later", async () => {
    const library = new FakeLibrary();
    const { sync, history } = setUp(memoryStorage(), new FakeHistory(), library, 60_000);
    sync.start();
    await until(() => sync.getSnapshot().state === "synced");
    // The next rounds read the feed slowly; a run is saved while one is under way.
    const reading = library.fetchChanges;
    library.fetchChanges = async (cursor) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return reading(cursor);
    };
    sync.nudge();
    await new Promise((resolve) => setTimeout(resolve, 30));
    history.runs.set("during", run("during"));
    history.local({ kind: "saved", ids: ["during"] });
    await until(() => library.uploads.includes("during"), 1000);
    sync.stop();
  });

  it("sends 'delete all' before the runs saved after it", async () => {
    const { sync, history, library } = setUp();
    library.reachable = false;
    sync.start();
    history.runs.set("old", run("old"));
    history.local({ kind: "saved", ids: ["old"] });
    history.local({ kind: "cleared" });
    history.runs.clear();
    history.runs.set("new", run("new"));
    history.local({ kind: "saved", ids: ["new"] });
    library.reachable = true;
    await until(() => library.uploads.length === 1);
    expect(library.deleted).toEqual(["all"]);
    expect(library.uploads).toEqual(["new"]);
    sync.stop();
  });
});
