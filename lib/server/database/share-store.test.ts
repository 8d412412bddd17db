import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivedRunFixture } from "@/test-support/archived-run";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DATABASE_TARGETS, freshDataFolder, openTestDatabase } from "@/test-support/database-targets";
import { samplePng } from "@/test-support/fake-service/behaviours";
import type { ArchivedRun } from "@/lib/history/archive-schema";
import { openDatabase, type DatabaseConnection } from "./connection";
import { applyMigrations, readMigrations } from "./migrate";
import {
  createShare,
  fileBytes,
  findShare,
  isShareExpired,
  libraryBytes,
  purgeExpired,
  readShareFile,
  stopSharing,
  type NewShare,
} from "./share-store";

const LIMITS = { shareBytes: 64 * 1024 * 1024, libraryBytes: 5000 * 1024 * 1024 };

function archivedRun(id: string): ArchivedRun {
  return archivedRunFixture({
    id,
    request: { model: "demo-a", prompt: "a lighthouse at dusk", aspect_ratio: "16:9" },
    durationMs: 812,
    serviceUrl: "http://127.0.0.1:1/v1/images/generations",
    keyHint: "…abcd",
  });
}

function newShare(id: string, overrides: Partial<Pick<NewShare, "ownerToken" | "expiresAt">> = {}): NewShare {
  return {
    ownerToken: "owner-1",
    sourceKey: id,
    kind: "run",
    record: archivedRun(id),
    files: [
      { name: "answer.json", contentType: "application/octet-stream", data: new TextEncoder().encode('{"data":[{"b64_json":"x"}]}') },
      { name: "image-1.png", contentType: "image/png", data: samplePng(64, 36) },
    ],
    expiresAt: null,
    ...overrides,
  };
}

describe.each(DATABASE_TARGETS)("share store on %s", (kind) => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase(kind);
  });
  afterAll(() => connection.close());

  it("stores a run with its files and reads it back by id", async () => {
    const created = await createShare(connection, newShare("run-a"), LIMITS);
    expect(created).toMatchObject({ ok: true, created: true });
    if (!created.ok) return;
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const found = await findShare(connection, created.id);
    expect(found.state).toBe("found");
    if (found.state !== "found") return;
    expect(found.share.kind).toBe("run");
    expect(found.share.kind === "run" && found.share.record.request.prompt).toBe("a lighthouse at dusk");
    expect(found.share.files.map((file) => file.name).sort()).toEqual(["answer.json", "image-1.png"]);
    expect(found.share.files.find((file) => file.name === "image-1.png")).toEqual({
      name: "image-1.png",
      contentType: "image/png",
      bytes: samplePng(64, 36).byteLength,
    });
    const image = await readShareFile(connection, created.id, "image-1.png");
    expect(image).not.toBeNull();
    expect(image !== "expired" && image ? Buffer.from(image.data).equals(samplePng(64, 36)) : false).toBe(true);
    expect(await readShareFile(connection, created.id, "image-2.png")).toBeNull();
  });

  it("gives the same link when the same owner shares the same run again, another owner gets another", async () => {
    const first = await createShare(connection, newShare("run-b"), LIMITS);
    const again = await createShare(connection, newShare("run-b"), LIMITS);
    const other = await createShare(connection, newShare("run-b", { ownerToken: "owner-2" }), LIMITS);
    expect(first.ok && again.ok && other.ok).toBe(true);
    if (!first.ok || !again.ok || !other.ok) return;
    expect(again).toMatchObject({ id: first.id, created: false });
    expect(other.id).not.toBe(first.id);
  });

  it("keeps the library's total exact through create, stop and purge", async () => {
    const before = await libraryBytes(connection.db);
    const created = await createShare(connection, newShare("run-c"), LIMITS);
    if (!created.ok) throw new Error("not created");
    const size = (await libraryBytes(connection.db)) - before;
    expect(size).toBeGreaterThan(samplePng(64, 36).byteLength);
    expect(await stopSharing(connection, created.id, "someone-else")).toBe("not-owner");
    expect(await libraryBytes(connection.db)).toBe(before + size);
    expect(await stopSharing(connection, created.id, "owner-1")).toBe("stopped");
    expect(await libraryBytes(connection.db)).toBe(before);
    expect(await findShare(connection, created.id)).toEqual({ state: "missing" });
    expect(await readShareFile(connection, created.id, "image-1.png")).toBeNull();
    expect(await stopSharing(connection, created.id, "owner-1")).toBe("missing");
  });

  it("answers expired for a share past its time, then purges it", async () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const created = await createShare(connection, newShare("run-d", { expiresAt: new Date(now.getTime() + 60_000) }), LIMITS, now);
    if (!created.ok) throw new Error("not created");
    const later = new Date(now.getTime() + 120_000);
    expect(await readShareFile(connection, created.id, "image-1.png", later)).toBe("expired");
    const before = await libraryBytes(connection.db);
    expect(await purgeExpired(connection, later)).toBeGreaterThanOrEqual(1);
    // Purged (files gone), and the link still says why.
    expect(await findShare(connection, created.id, later)).toEqual({ state: "expired" });
    expect(await readShareFile(connection, created.id, "image-1.png", later)).toBeNull();
    expect(await purgeExpired(connection, later)).toBe(0);
    expect(await libraryBytes(connection.db)).toBeLessThan(before);
    // Shared again after it expired: a new link.
    const again = await createShare(connection, newShare("run-d"), LIMITS, later);
    expect(again.ok && again.id !== created.id).toBe(true);
  });

  it("says whether a share has expired from its expiry alone, and deletes its images the first time", async () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const created = await createShare(connection, newShare("run-expiring", { expiresAt: new Date(now.getTime() + 60_000) }), LIMITS, now);
    if (!created.ok) throw new Error("not created");
    const forever = await createShare(connection, newShare("run-kept"), LIMITS, now);
    if (!forever.ok) throw new Error("not created");
    expect(await isShareExpired(connection, created.id, now)).toBe(false);
    expect(await isShareExpired(connection, forever.id, new Date("2099-01-01T00:00:00Z"))).toBe(false);
    expect(await isShareExpired(connection, "no-such-share", now)).toBe(false);
    const later = new Date(now.getTime() + 120_000);
    const before = await libraryBytes(connection.db);
    expect(await isShareExpired(connection, created.id, later)).toBe(true);
    expect(await libraryBytes(connection.db)).toBeLessThan(before);
    expect(await readShareFile(connection, created.id, "image-1.png", later)).toBeNull();
    expect(await isShareExpired(connection, created.id, later)).toBe(true);
    expect(await findShare(connection, created.id, later)).toEqual({ state: "expired" });
  });

  it("looks a share unexpired once until its expiry comes (an expiry never changes), then reads it again", async () => {
    const now = new Date("2031-01-01T00:00:00Z");
    const created = await createShare(connection, newShare("run-looked-at", { expiresAt: new Date(now.getTime() + 60_000) }), LIMITS, now);
    if (!created.ok) throw new Error("not created");
    let reads = 0;
    const db = new Proxy(connection.db, {
      get: (target, property, receiver) => {
        if (property === "select") reads++;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const counted = { db, files: connection.files };
    expect(await isShareExpired(counted, created.id, now)).toBe(false);
    expect(await isShareExpired(counted, created.id, new Date(now.getTime() + 30_000))).toBe(false);
    expect(reads).toBe(1);
    // Its time has come: read again, found expired, its images deleted.
    expect(await isShareExpired(counted, created.id, new Date(now.getTime() + 61_000))).toBe(true);
    expect(reads).toBe(2);
    // A share not found is not remembered: it may be made later.
    expect(await isShareExpired(counted, "not-yet-made", now)).toBe(false);
    expect(await isShareExpired(counted, "not-yet-made", now)).toBe(false);
    expect(reads).toBe(4);
  });

  it("keeps no staged files for a share that was not stored (the same share again, or no room)", async () => {
    const created = await createShare(connection, newShare("run-h"), LIMITS);
    if (!created.ok) throw new Error("not created");
    const discarded: string[] = [];
    const watching = { db: connection.db, files: { ...connection.files, discard: async (id: string) => void discarded.push(id) } };
    const again = await createShare(watching, newShare("run-h"), LIMITS);
    expect(again).toMatchObject({ ok: true, created: false, id: created.id });
    expect(discarded).toHaveLength(1);
    expect(discarded[0]).not.toBe(created.id);
    expect(await readShareFile(connection, created.id, "image-1.png")).not.toBeNull();
  });

  it("refuses a share over its size and one the library has no room for, storing nothing", async () => {
    const before = await libraryBytes(connection.db);
    expect(await createShare(connection, newShare("run-e"), { ...LIMITS, shareBytes: 100 })).toMatchObject({
      ok: false,
      reason: "share-too-large",
    });
    expect(await createShare(connection, newShare("run-e"), { ...LIMITS, libraryBytes: before + 100 })).toMatchObject({
      ok: false,
      reason: "library-full",
    });
    expect(await libraryBytes(connection.db)).toBe(before);
  });

  it("keeps the total exact when shares are created at once", async () => {
    const before = await libraryBytes(connection.db);
    const batch = Array.from({ length: 8 }, (_, index) => newShare(`run-f${index}`));
    const results = await Promise.all(batch.map((share) => createShare(connection, share, LIMITS)));
    expect(results.every((result) => result.ok && result.created)).toBe(true);
    const expected = batch.reduce(
      (total, share) =>
        total + Buffer.byteLength(JSON.stringify(share.record)) + share.files.reduce((sum, file) => sum + fileBytes(file), 0),
      0,
    );
    expect((await libraryBytes(connection.db)) - before).toBe(expected);
  });

  it("applies each migration once", async () => {
    // Opening already applied them; a second pass finds nothing to do.
    const session = {
      exec: async (text: string) => void (await connection.db.execute(text)),
      query: async <Row>(text: string, params: unknown[] = []) => {
        const inlined = text.replace(/\$(\d+)/g, (_, index: string) => String(params[Number(index) - 1]));
        const result = (await connection.db.execute(inlined)) as unknown as { rows: Row[] };
        return result.rows;
      },
    };
    expect(await applyMigrations(session, readMigrations())).toEqual([]);
  });
});

describe("the embedded database's data folder", () => {
  it("keeps shares across a restart and refuses a second opening while in use", async () => {
    const dataDir = freshDataFolder();
    try {
      const first = await openDatabase({ dataDir });
      const created = await createShare(first, newShare("run-g"), LIMITS);
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by another playground/);
      await first.close();
      const reopened = await openDatabase({ dataDir });
      if (!created.ok) throw new Error("not created");
      expect((await findShare(reopened, created.id)).state).toBe("found");
      // The bytes are in a folder beside the database, and go when the share does.
      const folder = join(dataDir, "share-files", created.id);
      expect(readFileSync(join(folder, "image-1.png")).equals(samplePng(64, 36))).toBe(true);
      expect(await stopSharing(reopened, created.id, "owner-1")).toBe("stopped");
      expect(existsSync(folder)).toBe(false);
      await reopened.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
