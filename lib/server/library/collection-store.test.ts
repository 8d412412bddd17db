import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { archivedRunFixture } from "@/test-support/archived-run";
import { DATABASE_TARGETS, openTestDatabase } from "@/test-support/database-targets";
import { samplePng } from "@/test-support/fake-service/behaviours";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { deleteLibraryRuns, keepRun, setLibraryVerdict, type FileToKeep } from "./library-store";
import {
  addToCollection,
  changeCollection,
  collectionFor,
  collectionMembers,
  collectionRuns,
  collectionsFor,
  createCollection,
  deleteCollection,
  readCollectionFile,
  removeFromCollection,
  setCollectionMember,
} from "./collection-store";

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function files(image: Uint8Array): FileToKeep[] {
  return [{ name: "image-1.png", contentType: "image/png", bytes: image.byteLength, source: { data: image } }];
}

const ANA = { id: "ana-sub", name: "Ana" };
const BEN = { id: "ben-sub", name: "Ben" };
const CLEO = { id: "cleo-sub", name: "Cleo" };

/** A new collection (the test fails when it is refused). */
async function made(connection: DatabaseConnection, owner: typeof ANA, name: string, visibility: "private" | "team") {
  const collection = await createCollection(connection, owner, { name, visibility });
  if (!collection) throw new Error(`${name} was refused`);
  return collection;
}

async function keep(connection: DatabaseConnection, author: string, id: string, image: Uint8Array, createdAt = 1000) {
  const record = archivedRunFixture({ id, createdAt, request: { model: "demo-a", prompt: `prompt of ${id}`, aspect_ratio: "1:1" } });
  await keepRun(connection, author, { record, files: files(image), verdictAt: 0 });
}

describe.each(DATABASE_TARGETS)("collections on %s", (kind) => {
  let connection: DatabaseConnection;
  const anaImage = samplePng(40, 30);
  const benImage = samplePng(30, 40);
  beforeAll(async () => {
    connection = await openTestDatabase(kind);
    for (const person of [ANA, BEN, CLEO]) {
      await connection.db.execute(sql`
        INSERT INTO people (id, email, name, role) VALUES (${person.id}, ${`${person.name.toLowerCase()}@example.com`}, ${person.name}, 'member')`);
    }
    await keep(connection, ANA.id, "a1", anaImage, 1000);
    await keep(connection, ANA.id, "a2", samplePng(41, 30), 2000);
    await keep(connection, BEN.id, "b1", benImage, 3000);
  });
  afterAll(() => connection.close());

  it("a private collection is seen by its owner and the people given a role, nobody else", async () => {
    const board = await made(connection, ANA, "Spring campaign", "private");
    expect(board).toMatchObject({
      name: "Spring campaign",
      visibility: "private",
      owner: ANA.id,
      ownerName: "Ana",
      role: "owner",
      runs: 0,
    });
    expect(await collectionFor(connection, board.id, BEN.id)).toBeNull();
    expect((await collectionsFor(connection, BEN.id)).map((c) => c.id)).not.toContain(board.id);

    // Named by the email they sign in with.
    expect(await setCollectionMember(connection, board.id, "BEN@example.com", "viewer")).toMatchObject({ person: BEN.id, role: "viewer" });
    expect(await collectionFor(connection, board.id, BEN.id)).toMatchObject({ role: "viewer" });
    expect(await collectionFor(connection, board.id, CLEO.id)).toBeNull();
    expect(await setCollectionMember(connection, board.id, "nobody@example.com", "editor")).toBeNull();
    await setCollectionMember(connection, board.id, BEN.id, "editor");
    expect(await collectionMembers(connection, board.id)).toEqual([{ person: BEN.id, name: "Ben", role: "editor" }]);
    await setCollectionMember(connection, board.id, BEN.id, null);
    expect(await collectionFor(connection, board.id, BEN.id)).toBeNull();
  });

  it("a team collection is seen by everyone signed in as a viewer; its runs come from each adder's library with their files", async () => {
    const board = await made(connection, ANA, "Team picks", "private");
    await changeCollection(connection, board.id, { visibility: "team" });
    expect(await collectionFor(connection, board.id, CLEO.id)).toMatchObject({ role: "viewer", visibility: "team" });
    expect((await collectionsFor(connection, CLEO.id)).map((c) => c.id)).toContain(board.id);

    expect(await addToCollection(connection, board.id, ANA.id, ["a1", "a2"])).toEqual({ added: 2 });
    expect(await addToCollection(connection, board.id, ANA.id, ["a1"])).toEqual({ added: 0 }); // once
    await setCollectionMember(connection, board.id, BEN.id, "editor");
    await addToCollection(connection, board.id, BEN.id, ["b1"]);
    // A run still on its way from a browser is named already and shows once it has arrived.
    await addToCollection(connection, board.id, BEN.id, ["b2"]);
    expect((await collectionFor(connection, board.id, CLEO.id))?.runs).toBe(3);

    const newest = await collectionRuns(connection, board.id, { order: "newest", after: null, limit: 2 });
    expect(newest.entries.map((entry) => [entry.author, entry.id, entry.authorName])).toEqual([
      [BEN.id, "b1", "Ben"],
      [ANA.id, "a2", "Ana"],
    ]);
    const rest = await collectionRuns(connection, board.id, { order: "newest", after: newest.next, limit: 2 });
    expect(rest.entries.map((entry) => entry.id)).toEqual(["a1"]);
    expect(rest.next).toBeNull();
    expect(newest.entries[0]?.files.map((file) => file.hash)).toEqual([sha(benImage)]);

    await keep(connection, BEN.id, "b2", samplePng(20, 20), 4000);
    await setLibraryVerdict(connection, ANA.id, "a1", { starred: false, rating: 5 }, 10);
    const best = await collectionRuns(connection, board.id, { order: "rating", after: null, limit: 10 });
    expect(best.entries.map((entry) => entry.id)).toEqual(["a1", "b2", "b1", "a2"]);

    // Files: only those a run on the collection names.
    expect(Buffer.from((await readCollectionFile(connection, board.id, sha(anaImage)))?.data ?? []).equals(anaImage)).toBe(true);
    const other = await made(connection, CLEO, "Elsewhere", "team");
    expect(await readCollectionFile(connection, other.id, sha(anaImage))).toBeNull();

    // Taken off: still in its author's library. Deleted by its author: gone from every collection.
    expect(await removeFromCollection(connection, board.id, [{ author: BEN.id, id: "b2" }])).toBe(1);
    await deleteLibraryRuns(connection, ANA.id, ["a2"]);
    const left = await collectionRuns(connection, board.id, { order: "newest", after: null, limit: 10 });
    expect(left.entries.map((entry) => entry.id)).toEqual(["b1", "a1"]);
    const items = await connection.db.execute(sql`SELECT count(*) AS n FROM library_collection_items WHERE run_id = 'a2'`);
    expect(Number((items as unknown as { rows: { n: unknown }[] }).rows[0]?.n)).toBe(0);

    await deleteCollection(connection, board.id);
    expect(await collectionFor(connection, board.id, ANA.id)).toBeNull();
  });

  it("runs added together are newest added in the order given (a batch's last line first), not by their ids", async () => {
    const board = await made(connection, ANA, "In order", "private");
    for (const id of ["r2", "r9", "r10"]) await keep(connection, ANA.id, id, samplePng(12, 12));
    // Ids whose order as text is not the order given ("r10" < "r2" < "r9").
    expect(await addToCollection(connection, board.id, ANA.id, ["r2", "r9", "r10"])).toEqual({ added: 3 });
    const first = await collectionRuns(connection, board.id, { order: "newest", after: null, limit: 2 });
    const rest = await collectionRuns(connection, board.id, { order: "newest", after: first.next, limit: 2 });
    expect([...first.entries, ...rest.entries].map((entry) => entry.id)).toEqual(["r10", "r9", "r2"]);
  });

  it("holds each person's collections, a collection's runs and its people to their most, even when asked all at once", async () => {
    // Ten at once with room for three (one made by a teammate does not count).
    await made(connection, BEN, "Ben's own", "team");
    const owned = async () => (await collectionsFor(connection, CLEO.id)).filter((c) => c.owner === CLEO.id).length;
    const before = await owned();
    const tries = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createCollection(connection, CLEO, { name: `Try ${i}`, visibility: "private" }, before + 3)),
    );
    expect(tries.filter((made) => made !== null)).toHaveLength(3);
    expect(await owned()).toBe(before + 3);

    const board = await made(connection, ANA, "Small board", "private");
    expect(await addToCollection(connection, board.id, ANA.id, ["a1", "x1", "x1"], 3)).toEqual({ added: 2 });
    // a1 is on it already: only x2 and x3 are new, one too many. Nothing is added.
    expect(await addToCollection(connection, board.id, ANA.id, ["a1", "x2", "x3"], 3)).toEqual({ full: { holds: 2, adding: 2, max: 3 } });
    expect(await addToCollection(connection, board.id, ANA.id, ["a1", "x2"], 3)).toEqual({ added: 1 });
    const racing = await Promise.all(["y1", "y2", "y3"].map((id) => addToCollection(connection, board.id, BEN.id, [id], 4)));
    expect(racing.filter((result) => "added" in result)).toHaveLength(1);

    expect(await setCollectionMember(connection, board.id, BEN.id, "viewer", 1)).toMatchObject({ person: BEN.id });
    expect(await setCollectionMember(connection, board.id, CLEO.id, "viewer", 1)).toBe("full");
    // Changing the role of someone who has one is not a new place.
    expect(await setCollectionMember(connection, board.id, BEN.id, "editor", 1)).toMatchObject({ role: "editor" });
  });
});
