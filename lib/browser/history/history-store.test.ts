// idb checks results against the IndexedDB classes; the fake provides them as globals.
import "fake-indexeddb/auto";
import { IDBFactory, IDBObjectStore as FakeObjectStore } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HistoryStore } from "./history-store";
import type { HistoryRun, RunSummary } from "@/lib/history/history-types";
import { makeRun as baseRun } from "@/test-support/history-fixtures";

/** Stored runs here have a thumbnail unless a test says otherwise. */
const makeRun = (id: string, createdAt: number, options: Partial<HistoryRun> = {}): HistoryRun =>
  baseRun(id, createdAt, { thumbnail: new Blob([new Uint8Array([1, 2, 3])], { type: "image/webp" }), ...options });

async function openStore(factory = new IDBFactory()): Promise<HistoryStore> {
  const opened = await HistoryStore.open(factory);
  if (!opened.ok) throw new Error(opened.failure.message);
  return opened.value;
}

function value<T>(result: { ok: true; value: T } | { ok: false; failure: { message: string } }): T {
  if (!result.ok) throw new Error(result.failure.message);
  return result.value;
}

const ids = (runs: readonly { id: string }[]) => runs.map((run) => run.id);
const big = { maxRuns: 1000, maxBytes: 1e12 };

/** Every summary, newest first, read page by page as the panel does. */
async function listAll(store: HistoryStore, pageSize = 3): Promise<RunSummary[]> {
  const all: RunSummary[] = [];
  for (;;) {
    const last = all.at(-1);
    const page = value(await store.listPage(last ? { createdAt: last.createdAt, id: last.id } : null, pageSize));
    all.push(...page);
    if (page.length < pageSize) return all;
  }
}

/** The meta totals must always equal what a full count would find. */
async function expectExactTotals(store: HistoryStore): Promise<void> {
  const all = await listAll(store);
  expect(value(await store.totals())).toEqual({ count: all.length, bytes: all.reduce((sum, run) => sum + run.sizeBytes, 0) });
}

afterEach(() => vi.restoreAllMocks());

describe("HistoryStore", () => {
  it("lists summaries newest first, page by page, runs made in the same millisecond included", async () => {
    const store = await openStore();
    await store.addRuns([makeRun("a", 1), makeRun("b", 2), makeRun("c", 2), makeRun("d", 2), makeRun("e", 3), makeRun("f", 4)], big);
    expect(ids(value(await store.listPage(null, 2)))).toEqual(["f", "e"]);
    expect(ids(await listAll(store, 2))).toEqual(["f", "e", "d", "c", "b", "a"]);
    const [first] = value(await store.listPage(null, 1));
    expect(first).not.toHaveProperty("outcome");
    expect(first).not.toHaveProperty("thumbnail");
    expect(first?.hasThumbnail).toBe(true);
  });

  it("gives whole runs with their blobs, and thumbnails on their own", async () => {
    const store = await openStore();
    await store.addRuns([makeRun("a", 1), makeRun("b", 2, { thumbnail: null, thumbnailUrl: "https://cdn.example/b.png" })], big);
    const [b, a] = value(await store.getRuns(["b", "a", "missing"]));
    expect(b).toMatchObject({ id: "b", thumbnail: null, thumbnailUrl: "https://cdn.example/b.png", outcome: { kind: "cancelled" } });
    expect(a?.thumbnail).toBeInstanceOf(Blob);
    const thumbnails = value(await store.thumbnailsOf(["a", "b"]));
    expect([...thumbnails.keys()]).toEqual(["a"]);
    expect(new Uint8Array(await (thumbnails.get("a") as Blob).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("evicts the oldest unstarred runs beyond the run cap along the time index, and reports them", async () => {
    const store = await openStore();
    const caps = { maxRuns: 3, maxBytes: 1e12 };
    await store.addRun(makeRun("1", 1, { starred: true }), caps);
    await store.addRun(makeRun("2", 2), caps);
    await store.addRun(makeRun("3", 3), caps);
    const added = value(await store.addRun(makeRun("4", 4), caps));
    expect(ids(added.evicted)).toEqual(["2"]);
    expect(ids(added.added)).toEqual(["4"]);
    expect(ids(await listAll(store))).toEqual(["4", "3", "1"]);
    expect(value(await store.getRuns(["2"]))).toEqual([]);
    expect(value(await store.thumbnailsOf(["2"])).size).toBe(0);
    await expectExactTotals(store);
  });

  it("evicts by bytes too, keeping the run just saved even when it alone is over the cap", async () => {
    const store = await openStore();
    const caps = { maxRuns: 100, maxBytes: 100 };
    await store.addRun(makeRun("old", 1, { sizeBytes: 60 }), caps);
    await store.addRun(makeRun("older-starred", 0, { sizeBytes: 10, starred: true }), caps);
    expect(ids(value(await store.addRun(makeRun("new", 2, { sizeBytes: 90 }), caps)).evicted)).toEqual(["old"]);
    expect(ids(value(await store.addRun(makeRun("huge", 3, { sizeBytes: 500 }), caps)).evicted)).toEqual(["new"]);
    expect(ids(await listAll(store))).toEqual(["huge", "older-starred"]);
    await expectExactTotals(store);
  });

  it("imports several runs, leaving ids already stored untouched, and evicts the oldest of the whole", async () => {
    const store = await openStore();
    await store.addRun(makeRun("a", 5, { starred: true }), big);
    const imported = value(
      await store.addRuns([makeRun("a", 5, { starred: false }), makeRun("b", 2), makeRun("c", 1), makeRun("d", 3)], {
        maxRuns: 3,
        maxBytes: 1e12,
      }),
    );
    expect(ids(imported.evicted)).toEqual(["c"]);
    expect(ids(imported.added)).toEqual(["b", "c", "d"]);
    expect((await listAll(store)).map((run) => [run.id, run.starred])).toEqual([
      ["a", true],
      ["d", false],
      ["b", false],
    ]);
    await expectExactTotals(store);
  });

  it("replaces a run with its final answer, keeping its star and its totals exact, and never brings back a deleted run", async () => {
    const store = await openStore();
    await store.addRun(makeRun("job", 1, { status: "job", starred: true, sizeBytes: 10 }), big);
    const replaced = value(await store.replaceRun(makeRun("job", 1, { status: "succeeded", starred: false, sizeBytes: 400 })));
    expect(replaced).toMatchObject({ status: "succeeded", starred: true });
    expect(value(await store.replaceRun(makeRun("gone", 2, { status: "succeeded" })))).toBeNull();
    expect((await listAll(store)).map((run) => [run.id, run.status, run.starred])).toEqual([["job", "succeeded", true]]);
    expect(value(await store.totals())).toEqual({ count: 1, bytes: 400 });
  });

  it("rates, picks and notes runs in their summaries, and a job's final answer keeps the verdict", async () => {
    const store = await openStore();
    await store.addRuns([makeRun("a", 1), makeRun("b", 2, { status: "job" })], big);
    const changed = value(await store.setVerdict(["a", "b", "not-there"], { rating: 4, note: "warm light" }));
    expect(changed.map((run) => [run.id, run.rating, run.note])).toEqual([
      ["a", 4, "warm light"],
      ["b", 4, "warm light"],
    ]);
    await store.setVerdict(["a"], { rating: null, picked: true });
    await store.replaceRun(makeRun("b", 2, { status: "succeeded" }));
    const listed = await listAll(store);
    expect(listed.map((run) => [run.id, run.rating ?? null, run.picked ?? false, run.note ?? null])).toEqual([
      ["b", 4, false, "warm light"],
      ["a", null, true, "warm light"],
    ]);
    expect(listed.every((run) => !("starredAt" in run))).toBe(true);
  });

  it("stars, deletes and clears, keeping the totals exact at every step", async () => {
    const store = await openStore();
    await store.addRuns([makeRun("a", 1, { sizeBytes: 5 }), makeRun("b", 2, { sizeBytes: 7 }), makeRun("c", 3, { sizeBytes: 11 })], big);
    await store.setStarred(["a"], true);
    await store.deleteRuns(["b", "not-there"]);
    expect((await listAll(store)).map((run) => [run.id, run.starred])).toEqual([
      ["c", false],
      ["a", true],
    ]);
    expect(value(await store.totals())).toEqual({ count: 2, bytes: 16 });
    await store.setStarred(["a"], false);
    expect(value(await store.filterChoices()).starred).toBe(0);
    await store.clearRuns();
    expect(await listAll(store)).toEqual([]);
    expect(value(await store.totals())).toEqual({ count: 0, bytes: 0 });
  });

  it("answers the filters' choices and a grid's cells from the indexes", async () => {
    const store = await openStore();
    const group = (cellIndex: number) => ({
      id: "g1",
      cellIndex,
      cellCount: 2,
      rowAxis: "model" as const,
      spec: { prompts: "p", models: "x", ratios: "1:1" } as never,
    });
    await store.addRuns(
      [
        makeRun("a", 1, { request: { model: "flux", prompt: "a", aspect_ratio: "16:9" }, status: "failed" }),
        makeRun("b", 2, { request: { model: "flux", prompt: "b", aspect_ratio: "1:1" }, starred: true }),
        makeRun("c", 3, { request: { model: "sdxl", prompt: "c", aspect_ratio: "1:1" }, group: group(1) }),
        makeRun("d", 4, { request: { model: "flux", prompt: "d", aspect_ratio: "1:1" }, group: group(0) }),
      ],
      big,
    );
    expect(value(await store.filterChoices())).toEqual({
      models: ["flux", "sdxl"],
      ratios: ["16:9", "1:1"],
      statuses: ["failed", "succeeded"],
      starred: 1,
    });
    expect(ids(value(await store.listGroup("g1")))).toEqual(["d", "c"]);
    expect(value(await store.listGroup("g2"))).toEqual([]);
  });

  it("reports a full storage as a quota failure and keeps what was stored, totals included", async () => {
    const store = await openStore();
    await store.addRun(makeRun("kept", 1), big);
    vi.spyOn(FakeObjectStore.prototype, "put").mockImplementation(() => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    });
    const added = await store.addRun(makeRun("too-much", 2), big);
    expect(added).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "quota", message: expect.stringMatching(/storage .* is full/) }),
    });
    vi.restoreAllMocks();
    expect(ids(await listAll(store))).toEqual(["kept"]);
    await expectExactTotals(store);
  });

  it("reports blocked or missing storage instead of throwing", async () => {
    expect(await HistoryStore.open(undefined)).toEqual({ ok: false, failure: expect.objectContaining({ kind: "unavailable" }) });
    const forbidding = new IDBFactory();
    vi.spyOn(forbidding, "open").mockImplementation(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    const opened = await HistoryStore.open(forbidding);
    expect(opened).toEqual({
      ok: false,
      failure: expect.objectContaining({ kind: "unavailable", message: expect.stringMatching(/Generation still works/) }),
    });
  });

  it("loses nothing when two connections (two tabs) save at the same time", async () => {
    const factory = new IDBFactory();
    const [left, right] = [await openStore(factory), await openStore(factory)];
    const batch = (prefix: string) =>
      Array.from({ length: 40 }, (_, index) => makeRun(`${prefix}${index}`, index * 2 + (prefix === "l" ? 0 : 1), { sizeBytes: 3 }));
    await Promise.all([
      ...batch("l").map((run) => left.addRun(run, big)),
      ...batch("r").map((run) => right.addRun(run, big)),
      left.setStarred(["l0"], true),
    ]);
    expect(await listAll(right, 7)).toHaveLength(80);
    expect(value(await left.totals())).toEqual({ count: 80, bytes: 240 });
    await expectExactTotals(left);
  });

  it("upgrades a version 1 database (whole runs in one store) without losing a run, image, star, group or prompt", async () => {
    const factory = new IDBFactory();
    const answer = new Blob(['{"data":[{"b64_json":"…"}]}'], { type: "application/json" });
    const image = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
    const group = {
      id: "grid-1",
      cellIndex: 0,
      cellCount: 1,
      rowAxis: "model" as const,
      spec: { prompts: "p", models: "m", ratios: "1:1" } as never,
    };
    const v1Runs = [
      makeRun("plain", 1, { sizeBytes: 100 }),
      makeRun("starred", 2, { starred: true, sizeBytes: 200 }),
      makeRun("in-grid", 3, { group, sizeBytes: 300, thumbnail: null, thumbnailUrl: "https://cdn.example/x.png" }),
      makeRun("with-answer", 4, {
        sizeBytes: 400,
        outcome: {
          kind: "service",
          exchange: { url: "u", status: 200, statusText: "OK", headers: [], contentType: "application/json", totalMs: 5 } as never,
          body: answer,
          packed: [{ prefix: "data[0].b64_json", blob: image }],
          remote: [],
        },
      }),
    ];
    // Written the way version 1 of the page wrote them: one store of whole runs, one of prompts.
    await new Promise<void>((resolve, reject) => {
      const request = factory.open("image-playground", 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore("runs", { keyPath: "id" });
        request.result.createObjectStore("prompts", { keyPath: "id" });
      };
      request.onsuccess = () => {
        const db = request.result;
        const transaction = db.transaction(["runs", "prompts"], "readwrite");
        for (const run of v1Runs) transaction.objectStore("runs").put(run);
        transaction.objectStore("prompts").put({ id: "p1", name: "Fox", text: "a fox", createdAt: 1 });
        transaction.oncomplete = () => {
          db.close();
          resolve();
        };
        transaction.onerror = () => reject(transaction.error);
      };
      request.onerror = () => reject(request.error);
    });

    const store = await openStore(factory);
    expect((await listAll(store)).map((run) => [run.id, run.starred, run.group?.id ?? null])).toEqual([
      ["with-answer", false, null],
      ["in-grid", false, "grid-1"],
      ["starred", true, null],
      ["plain", false, null],
    ]);
    expect(value(await store.totals())).toEqual({ count: 4, bytes: 1000 });
    expect(value(await store.filterChoices()).starred).toBe(1);
    expect(ids(value(await store.listGroup("grid-1")))).toEqual(["in-grid"]);
    const [withAnswer, inGrid] = value(await store.getRuns(["with-answer", "in-grid"]));
    const outcome = withAnswer?.outcome;
    expect(outcome?.kind).toBe("service");
    if (outcome?.kind !== "service") return;
    expect(await outcome.body.text()).toBe('{"data":[{"b64_json":"…"}]}');
    expect(new Uint8Array(await (outcome.packed[0]?.blob as Blob).arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
    expect(inGrid).toMatchObject({ thumbnail: null, thumbnailUrl: "https://cdn.example/x.png" });
    expect(value(await store.thumbnailsOf(["plain", "starred", "in-grid"])).size).toBe(2);
    expect(value(await store.listPrompts())).toEqual([{ id: "p1", name: "Fox", text: "a fox", createdAt: 1 }]);
    // And it goes on working as version 2: the next save counts on top of the moved runs.
    await store.addRun(makeRun("after", 5, { sizeBytes: 1 }), big);
    await expectExactTotals(store);
    store.close();
    const reopened = await openStore(factory);
    expect(value(await reopened.totals())).toEqual({ count: 5, bytes: 1001 });
  });

  it("saves, lists by name and deletes prompts", async () => {
    const store = await openStore();
    await store.savePrompt({ id: "2", name: "Sunset", text: "a sunset", createdAt: 2 });
    await store.savePrompt({ id: "1", name: "Fox", text: "a fox", createdAt: 1 });
    let prompts = await store.listPrompts();
    expect(prompts.ok && prompts.value.map((prompt) => prompt.name)).toEqual(["Fox", "Sunset"]);
    await store.deletePrompt("1");
    prompts = await store.listPrompts();
    expect(prompts.ok && prompts.value.map((prompt) => prompt.name)).toEqual(["Sunset"]);
  });
});
