import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivedRunFixture } from "@/test-support/archived-run";
import { DATABASE_TARGETS, openTestDatabase } from "@/test-support/database-targets";
import { samplePng } from "@/test-support/fake-service/behaviours";
import type { DatabaseConnection } from "./connection";
import { createShare, purgeExpired, stopSharing, type NewShare } from "./share-store";
import { addFeedback, feedbackSummaries, listFeedback, removeFeedback } from "./feedback-store";

const LIMITS = { shareBytes: 64 * 1024 * 1024, libraryBytes: 5000 * 1024 * 1024 };

function newShare(key: string, expiresAt: Date | null = null): NewShare {
  return {
    ownerToken: "owner-1",
    sourceKey: key,
    kind: "run",
    record: archivedRunFixture({
      id: key,
      request: { model: "demo-a", prompt: "a heron", aspect_ratio: "1:1" },
      durationMs: 10,
      serviceUrl: "http://127.0.0.1:1/v1/images/generations",
      keyHint: "…abcd",
    }),
    files: [{ name: "image-1.png", contentType: "image/png", data: samplePng(8, 8) }],
    expiresAt,
  };
}

async function shareId(connection: DatabaseConnection, key: string, expiresAt: Date | null = null): Promise<string> {
  const created = await createShare(connection, newShare(key, expiresAt), LIMITS);
  if (!created.ok) throw new Error("shared");
  return created.id;
}

describe.each(DATABASE_TARGETS)("share feedback on %s", (kind) => {
  let connection: DatabaseConnection;
  beforeAll(async () => {
    connection = await openTestDatabase(kind);
  });
  afterAll(() => connection.close());

  it("keeps ratings and comments, newest first a page at a time, with the average and count", async () => {
    const id = await shareId(connection, "feedback-pages");
    const start = Date.UTC(2026, 10, 1);
    for (let index = 0; index < 5; index += 1) {
      const added = await addFeedback(
        connection.db,
        id,
        { author: `person ${index}`, rating: index === 4 ? null : index + 1, comment: `comment ${index}` },
        new Date(start + index * 1000),
      );
      expect(added.ok).toBe(true);
    }
    const first = await listFeedback(connection.db, id, { limit: 2 });
    if (typeof first === "string") throw new Error(first);
    expect(first.items.map((item) => item.comment)).toEqual(["comment 4", "comment 3"]);
    expect(first.summary).toEqual({ count: 5, ratings: 4, average: 2.5 });
    const second = await listFeedback(connection.db, id, { limit: 2, before: first.next });
    if (typeof second === "string") throw new Error(second);
    expect(second.items.map((item) => item.comment)).toEqual(["comment 2", "comment 1"]);
    const last = await listFeedback(connection.db, id, { limit: 2, before: second.next });
    if (typeof last === "string") throw new Error(last);
    expect(last.items.map((item) => item.comment)).toEqual(["comment 0"]);
    expect(last.next).toBeNull();

    const other = await shareId(connection, "feedback-none");
    const summaries = await feedbackSummaries(connection.db, [id, other, "never-shared"]);
    expect(summaries.get(id)).toEqual({ count: 5, ratings: 4, average: 2.5 });
    expect(summaries.has(other)).toBe(false);
  });

  it("lets only the sharer remove a comment, refuses feedback on a missing or expired share, and drops it with the share", async () => {
    const id = await shareId(connection, "feedback-owner");
    const added = await addFeedback(connection.db, id, { author: "Ana", rating: 4, comment: "<b>nice</b>" });
    if (!added.ok) throw new Error(added.reason);
    expect(added.item.comment).toBe("<b>nice</b>");
    expect(await removeFeedback(connection.db, id, added.item.id, "someone-else")).toBe("not-owner");
    expect(await removeFeedback(connection.db, id, added.item.id, "owner-1")).toBe("removed");
    expect(await removeFeedback(connection.db, id, added.item.id, "owner-1")).toBe("missing");

    expect(await addFeedback(connection.db, "no-such-share", { author: "Ana", rating: 4, comment: "" })).toEqual({
      ok: false,
      reason: "missing",
    });
    const soon = new Date(Date.now() + 60_000);
    const expiring = await shareId(connection, "feedback-expiring", soon);
    expect((await addFeedback(connection.db, expiring, { author: "Ana", rating: 2, comment: "x" })).ok).toBe(true);
    const later = new Date(soon.getTime() + 1000);
    expect(await addFeedback(connection.db, expiring, { author: "Ana", rating: 2, comment: "x" }, later)).toEqual({
      ok: false,
      reason: "expired",
    });
    await purgeExpired(connection, later);
    expect((await feedbackSummaries(connection.db, [expiring])).has(expiring)).toBe(false);

    const stopped = await shareId(connection, "feedback-stopped");
    await addFeedback(connection.db, stopped, { author: "Ana", rating: 5, comment: "" });
    await stopSharing(connection, stopped, "owner-1");
    expect((await feedbackSummaries(connection.db, [stopped])).has(stopped)).toBe(false);
  });
});
