import { IDBFactory, IDBObjectStore as FakeObjectStore } from "fake-indexeddb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HistoryStore } from "./history-store";
import type { HistoryRun } from "@/lib/history/history-types";

function makeRun(id: string, createdAt: number, options: Partial<HistoryRun> = {}): HistoryRun {
  return {
    id,
    createdAt,
    request: { model: "m", prompt: `prompt ${id}`, aspect_ratio: "1:1" },
    status: "succeeded",
    statusText: "200 OK",
    durationMs: 100,
    serviceUrl: "http://127.0.0.1:1/v1/images/generations",
    imageCount: 1,
    starred: false,
    sizeBytes: 10,
    warnings: [],
    thumbnail: new Blob([new Uint8Array([1, 2, 3])], { type: "image/webp" }),
    thumbnailUrl: null,
    outcome: { kind: "cancelled", totalMs: 100 },
    ...options,
  };
}

async function openStore(): Promise<HistoryStore> {
  const opened = await HistoryStore.open(new IDBFactory());
  if (!opened.ok) throw new Error(opened.failure.message);
  return opened.value;
}

const ids = (runs: HistoryRun[]) => runs.map((run) => run.id);
const big = { maxRuns: 1000, maxBytes: 1e12 };

afterEach(() => vi.restoreAllMocks());

describe("HistoryStore", () => {
  it("keeps runs with their blobs and lists them newest first", async () => {
    const store = await openStore();
    await store.addRun(makeRun("a", 1), big);
    await store.addRun(makeRun("b", 2), big);
    const listed = await store.listRuns();
    expect(listed.ok && ids(listed.value)).toEqual(["b", "a"]);
    const thumbnail = listed.ok ? listed.value[0]?.thumbnail : null;
    expect(thumbnail).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (thumbnail as Blob).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("evicts the oldest unstarred runs beyond the run cap and reports them", async () => {
    const store = await openStore();
    const caps = { maxRuns: 3, maxBytes: 1e12 };
    await store.addRun(makeRun("1", 1, { starred: true }), caps);
    await store.addRun(makeRun("2", 2), caps);
    await store.addRun(makeRun("3", 3), caps);
    const added = await store.addRun(makeRun("4", 4), caps);
    expect(added.ok && ids(added.value)).toEqual(["2"]);
    const listed = await store.listRuns();
    expect(listed.ok && ids(listed.value)).toEqual(["4", "3", "1"]);
  });

  it("evicts by bytes too, keeping the run just saved", async () => {
    const store = await openStore();
    const caps = { maxRuns: 100, maxBytes: 100 };
    await store.addRun(makeRun("old", 1, { sizeBytes: 60 }), caps);
    const added = await store.addRun(makeRun("new", 2, { sizeBytes: 90 }), caps);
    expect(added.ok && ids(added.value)).toEqual(["old"]);
  });

  it("imports several runs, leaving ids already stored untouched", async () => {
    const store = await openStore();
    await store.addRun(makeRun("a", 1, { starred: true }), big);
    await store.addRuns([makeRun("a", 1, { starred: false }), makeRun("b", 2)], big);
    const listed = await store.listRuns();
    expect(listed.ok && listed.value.map((run) => [run.id, run.starred])).toEqual([
      ["b", false],
      ["a", true],
    ]);
  });

  it("replaces a run with its final answer, keeping its star, and never brings back a deleted run", async () => {
    const store = await openStore();
    await store.addRun(makeRun("job", 1, { status: "job", starred: true }), big);
    await store.replaceRun(makeRun("job", 1, { status: "succeeded", starred: false }));
    await store.replaceRun(makeRun("gone", 2, { status: "succeeded" }));
    const listed = await store.listRuns();
    expect(listed.ok && listed.value.map((run) => [run.id, run.status, run.starred])).toEqual([["job", "succeeded", true]]);
  });

  it("stars, deletes and clears", async () => {
    const store = await openStore();
    await store.addRuns([makeRun("a", 1), makeRun("b", 2), makeRun("c", 3)], big);
    await store.setStarred(["a"], true);
    await store.deleteRuns(["b"]);
    let listed = await store.listRuns();
    expect(listed.ok && listed.value.map((run) => [run.id, run.starred])).toEqual([
      ["c", false],
      ["a", true],
    ]);
    await store.clearRuns();
    listed = await store.listRuns();
    expect(listed.ok && listed.value).toEqual([]);
  });

  it("reports a full storage as a quota failure and keeps what was stored", async () => {
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
    const listed = await store.listRuns();
    expect(listed.ok && ids(listed.value)).toEqual(["kept"]);
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
