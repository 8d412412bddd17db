import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { archivedRunFixture } from "@/test-support/archived-run";
import { createTestDatabase, DATABASE_TARGETS, freshDataFolder, openTestDatabase } from "@/test-support/database-targets";
import { openDatabase } from "@/lib/server/database/connection";
import { samplePng } from "@/test-support/fake-service/behaviours";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import type { LibraryCursor } from "@/lib/library/library-types";
import {
  deleteLibraryRuns,
  FEED_START,
  keepRun,
  libraryChanges,
  libraryUsage,
  newestRuns,
  readLibraryFile,
  searchLibrary,
  setLibraryVerdict,
  ANY_LIBRARY_QUERY,
  type LibraryQuery,
  type FileToKeep,
} from "./library-store";

const PNG = samplePng(64, 36);
const ANSWER = new TextEncoder().encode('{"data":[{"b64_json":"playground-file:image-1.png"}]}');
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function files(image = PNG): FileToKeep[] {
  return [
    { name: "answer.json", contentType: "application/octet-stream", bytes: ANSWER.byteLength, source: { data: ANSWER } },
    { name: "image-1.png", contentType: "image/png", bytes: image.byteLength, source: { data: image } },
  ];
}

const run = (id: string, createdAt: number) =>
  archivedRunFixture({ id, createdAt, request: { model: "demo-a", prompt: `prompt of ${id}`, aspect_ratio: "1:1" } });

describe.each(DATABASE_TARGETS)("library store on %s", (kind) => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase(kind);
  });
  afterAll(() => connection.close());

  it("keeps a run once, stores each file's bytes once by hash, and serves them only to their author", async () => {
    expect(await keepRun(connection, "ana", { record: run("r1", 1000), files: files(), verdictAt: 0 })).toEqual({ state: "kept" });
    expect(await keepRun(connection, "ana", { record: run("r1", 1000), files: files(), verdictAt: 0 })).toEqual({ state: "known" });
    // Another person's run with the same image: the bytes are stored once, each sees only their own.
    await keepRun(connection, "ben", { record: run("r1", 1000), files: files(), verdictAt: 0 });
    const blobs = await connection.db.execute(`SELECT count(*) AS n FROM library_blobs WHERE hash = '${sha(PNG)}'` as never);
    expect(Number((blobs as unknown as { rows: { n: unknown }[] }).rows[0]?.n)).toBe(1);
    const image = await readLibraryFile(connection, "ana", sha(PNG));
    expect(image?.contentType).toBe("image/png");
    expect(Buffer.from(image?.data ?? []).equals(PNG)).toBe(true);
    expect(await readLibraryFile(connection, "cleo", sha(PNG))).toBeNull();
    expect(await libraryUsage(connection, "ana")).toMatchObject({ runs: 1 });
  });

  it("feeds changes in order from a cursor: kept, verdict changed (latest wins), deleted", async () => {
    const start = (await libraryChanges(connection, "dana", null, 10)).cursor;
    expect(start).toEqual(FEED_START);
    await keepRun(connection, "dana", { record: run("d1", 1000), files: files(), verdictAt: 0 });
    await keepRun(connection, "dana", { record: run("d2", 2000), files: files(samplePng(20, 20)), verdictAt: 0 });
    const first = await libraryChanges(connection, "dana", start, 10);
    expect(first.entries.map((entry) => entry.id)).toEqual(["d1", "d2"]);
    expect(first.entries[0]?.files.map((file) => file.name).sort()).toEqual(["answer.json", "image-1.png"]);
    expect(await libraryChanges(connection, "dana", first.cursor, 10)).toEqual({ entries: [], cursor: first.cursor });

    expect(await setLibraryVerdict(connection, "dana", "d1", { starred: true, rating: 4, note: "keep" }, 5000)).toBe(true);
    // An older change arriving later loses.
    expect(await setLibraryVerdict(connection, "dana", "d1", { starred: false, rating: 1 }, 4000)).toBe(false);
    const verdicts = await libraryChanges(connection, "dana", first.cursor, 10);
    expect(verdicts.entries.map((entry) => entry.id)).toEqual(["d1"]);
    expect(verdicts.entries[0]?.record).toMatchObject({ starred: true, rating: 4, note: "keep" });
    expect(verdicts.entries[0]?.verdictAt).toBe(5000);
    // A rating cleared is removed from the record, not kept stale.
    await setLibraryVerdict(connection, "dana", "d1", { starred: true }, 6000);
    const cleared = await libraryChanges(connection, "dana", verdicts.cursor, 10);
    expect(cleared.entries[0]?.record?.rating).toBeUndefined();

    expect(await deleteLibraryRuns(connection, "dana", ["d2"])).toBe(1);
    const deleted = await libraryChanges(connection, "dana", cleared.cursor, 10);
    expect(deleted.entries).toEqual([{ id: "d2", record: null, verdictAt: 0, files: [] }]);
    // Its image, named by nothing else, is gone; the run cannot be kept again by a late upload.
    expect(await readLibraryFile(connection, "dana", sha(samplePng(20, 20)))).toBeNull();
    expect(await keepRun(connection, "dana", { record: run("d2", 2000), files: files(), verdictAt: 0 })).toEqual({ state: "deleted" });
    expect((await libraryChanges(connection, "dana", null, 10)).cursor).toEqual(deleted.cursor);
  });

  it("keeps bytes another run still names when one run is deleted", async () => {
    await keepRun(connection, "eve", { record: run("e1", 1000), files: files(), verdictAt: 0 });
    await keepRun(connection, "eve", { record: run("e2", 2000), files: files(), verdictAt: 0 });
    await deleteLibraryRuns(connection, "eve", ["e1"]);
    expect(await readLibraryFile(connection, "eve", sha(PNG))).not.toBeNull();
    expect(await deleteLibraryRuns(connection, "eve", "all")).toBe(1);
    expect(await readLibraryFile(connection, "eve", sha(PNG))).toBeNull();
    // ana's run (first test) still names those bytes.
    expect(await readLibraryFile(connection, "ana", sha(PNG))).not.toBeNull();
  });

  it("pages the newest runs for a new device", async () => {
    for (let index = 0; index < 5; index += 1) {
      await keepRun(connection, "finn", { record: run(`f${index}`, 1000 * (index + 1)), files: files(), verdictAt: 0 });
    }
    const first = await newestRuns(connection, "finn", null, 2);
    expect(first.map((entry) => entry.id)).toEqual(["f4", "f3"]);
    const last = first.at(-1);
    const next = await newestRuns(connection, "finn", last ? { createdAt: last.record?.createdAt ?? 0, id: last.id } : null, 10);
    expect(next.map((entry) => entry.id)).toEqual(["f2", "f1", "f0"]);
  });

  it("searches prompts with typos forgiven, filters, orders by rating, pages, and never shows another person's runs", async () => {
    const prompts = ["a lighthouse at dusk", "a red fox in deep snow", "a lighthouse in fog, watercolor", "a bowl of ramen"];
    for (const [index, prompt] of prompts.entries()) {
      const record = archivedRunFixture({
        id: `s${index}`,
        createdAt: 1000 * (index + 1),
        request: { model: index % 2 ? "model-b" : "model-a", prompt, aspect_ratio: index < 2 ? "16:9" : "1:1" },
      });
      await keepRun(connection, "hana", { record, files: files(), verdictAt: 0 });
    }
    await keepRun(connection, "ivan", {
      record: archivedRunFixture({ id: "other", request: { model: "model-a", prompt: "a lighthouse", aspect_ratio: "1:1" } }),
      files: files(),
      verdictAt: 0,
    });
    await setLibraryVerdict(connection, "hana", "s0", { starred: false, rating: 3 }, 1);
    await setLibraryVerdict(connection, "hana", "s2", { starred: true, rating: 5, picked: true }, 1);
    const base = ANY_LIBRARY_QUERY;
    const ids = async (query: Partial<LibraryQuery>) =>
      (await searchLibrary(connection, "hana", { ...base, ...query })).entries.map((entry) => entry.id);

    expect(await ids({ text: "lighthouse" })).toEqual(["s2", "s0"]);
    // A typo still finds it (trigrams); words in any order (full text).
    expect(await ids({ text: "lighthuose" })).toEqual(["s2", "s0"]);
    expect(await ids({ text: "snow fox" })).toEqual(["s1"]);
    expect(await ids({ text: "submarine" })).toEqual([]);
    expect(await ids({ model: "model-a" })).toEqual(["s2", "s0"]);
    expect(await ids({ ratio: "16:9" })).toEqual(["s1", "s0"]);
    expect(await ids({ minRating: 4 })).toEqual(["s2"]);
    expect(await ids({ picked: true })).toEqual(["s2"]);
    expect(await ids({ starred: true })).toEqual(["s2"]);
    expect(await ids({ status: "succeeded", ratio: "1:1" })).toEqual(["s3", "s2"]);
    expect(await ids({ status: "failed" })).toEqual([]);
    expect(await ids({ from: 2000, to: 4000 })).toEqual(["s2", "s1"]);
    expect(await ids({ order: "rating" })).toEqual(["s2", "s0", "s3", "s1"]);

    const first = await searchLibrary(connection, "hana", { ...base, order: "rating", limit: 3 });
    expect(first.entries.map((entry) => entry.id)).toEqual(["s2", "s0", "s3"]);
    expect(await ids({ order: "rating", after: first.next })).toEqual(["s1"]);
    const newest = await searchLibrary(connection, "hana", { ...base, limit: 2 });
    expect(await ids({ after: newest.next })).toEqual(["s1", "s0"]);
  });

  it("finds a rare word below the newest entries (through the prompt indexes), and pages a common one in order", async () => {
    // 2,100 entries, seeded directly: a rare word in the oldest one only, a common word in every one.
    await connection.db.execute(
      sql.raw(`
      INSERT INTO library_runs (author, id, record, created_at, bytes)
      SELECT 'kim', 'k' || i,
        jsonb_build_object('id', 'k' || i, 'createdAt', 1000 + i, 'starred', false, 'status', 'succeeded',
          'request', jsonb_build_object('model', 'm', 'aspect_ratio', '1:1',
            'prompt', CASE WHEN i = 0 THEN 'a plain zebra crossing' ELSE 'a plain study ' || i END)),
        to_timestamp((1000 + i) / 1000.0), 0
      FROM generate_series(0, 2099) AS i`),
    );
    const base = ANY_LIBRARY_QUERY;
    const rare = await searchLibrary(connection, "kim", { ...base, text: "zebra" });
    expect(rare.entries.map((entry) => entry.id)).toEqual(["k0"]);
    expect((await searchLibrary(connection, "kim", { ...base, text: "zebbra" })).entries.map((entry) => entry.id)).toEqual(["k0"]);
    const common = await searchLibrary(connection, "kim", { ...base, text: "plain" });
    expect(common.entries).toHaveLength(50);
    expect(common.entries[0]?.id).toBe("k2099");
    const next = await searchLibrary(connection, "kim", { ...base, text: "plain", after: common.next });
    expect(next.entries[0]?.id).toBe("k2049");
  });

  it("never skips a change that commits after a later one (PostgreSQL: two sessions)", async () => {
    if (kind !== "postgres" || !connection.pool) return;
    const start: LibraryCursor = (await libraryChanges(connection, "gus", null, 10)).cursor;
    const slow = await connection.pool.connect();
    try {
      // A transaction that takes its id first and commits last.
      await slow.query("BEGIN");
      await slow.query("INSERT INTO library_runs (author, id, record, created_at, bytes) VALUES ('gus', 'late', '{}'::jsonb, now(), 0)");
      await keepRun(connection, "gus", { record: run("early", 1000), files: files(), verdictAt: 0 });
      const before = await libraryChanges(connection, "gus", start, 10);
      // The run committed first is held back while the older transaction is still open.
      expect(before.entries).toEqual([]);
      await slow.query("COMMIT");
      const after = await libraryChanges(connection, "gus", before.cursor, 10);
      expect(after.entries.map((entry) => entry.id)).toEqual(["late", "early"]);
    } finally {
      slow.release();
    }
  });
});

describe.each(DATABASE_TARGETS)("the library across a restart on %s", (kind) => {
  it("keeps every run, its bytes and the feed's place when the server starts again", async () => {
    const target = kind === "embedded" ? { dataDir: freshDataFolder() } : { url: await createTestDatabase() };
    const before = await openDatabase(target);
    await keepRun(before, "lena", { record: run("kept", 1000), files: files(), verdictAt: 0 });
    const cursor = (await libraryChanges(before, "lena", FEED_START, 10)).cursor;
    await before.close();

    const after = await openDatabase(target);
    try {
      expect(Buffer.from((await readLibraryFile(after, "lena", sha(PNG)))?.data ?? []).equals(PNG)).toBe(true);
      expect((await libraryChanges(after, "lena", null, 10)).cursor).toEqual(cursor);
      await keepRun(after, "lena", { record: run("next", 2000), files: files(), verdictAt: 0 });
      expect((await libraryChanges(after, "lena", cursor, 10)).entries.map((entry) => entry.id)).toEqual(["next"]);
    } finally {
      await after.close();
    }
  });
});
