import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { FEEDBACK_PER_SHARE_MAX, type FeedbackItem, type FeedbackPage, type FeedbackSummary } from "@/lib/request/share-feedback";
import type { Database } from "./connection";
import { shareFeedback, shares } from "./schema";
import { ownerTokenHash } from "./share-store";

/**
 * Team feedback on shares: add, list newest first a page at a time (by the (share, time, id)
 * index, with a cursor rather than an offset), sum per share, and remove (the sharer only).
 */

export type NewFeedback = { author: string; rating: number | null; comment: string };

type ShareState = "found" | "missing" | "expired";

/** A share's row as read for feedback: gone, past its expiry (or purged to a tombstone), or there. */
function stateOf(row: { expiresAt: Date | null; bytes: number } | undefined, now: Date): ShareState {
  if (!row) return "missing";
  return (row.expiresAt !== null && row.expiresAt <= now) || row.bytes === 0 ? "expired" : "found";
}

async function shareState(db: Database, shareId: string, now: Date): Promise<ShareState> {
  const [row] = await db.select({ expiresAt: shares.expiresAt, bytes: shares.bytes }).from(shares).where(eq(shares.id, shareId));
  return stateOf(row, now);
}

const itemOf = (row: typeof shareFeedback.$inferSelect): FeedbackItem => ({
  id: row.id,
  author: row.author,
  rating: row.rating,
  comment: row.comment,
  createdAt: row.createdAt.toISOString(),
});

export async function addFeedback(
  db: Database,
  shareId: string,
  feedback: NewFeedback,
  now = new Date(),
): Promise<{ ok: true; item: FeedbackItem } | { ok: false; reason: ShareState | "full" }> {
  return db.transaction(async (tx) => {
    // The share's row is locked: two comments at once cannot both slip under the cap.
    const [row] = await tx
      .select({ expiresAt: shares.expiresAt, bytes: shares.bytes })
      .from(shares)
      .where(eq(shares.id, shareId))
      .for("update");
    const state = stateOf(row, now);
    if (state !== "found") return { ok: false as const, reason: state };
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(shareFeedback)
      .where(eq(shareFeedback.shareId, shareId));
    if ((counted?.count ?? 0) >= FEEDBACK_PER_SHARE_MAX) return { ok: false as const, reason: "full" as const };
    const [inserted] = await tx
      .insert(shareFeedback)
      .values({ id: randomBytes(12).toString("base64url"), shareId, ...feedback, createdAt: now })
      .returning();
    if (!inserted) throw new Error("The feedback was not stored.");
    return { ok: true as const, item: itemOf(inserted) };
  });
}

function encodeCursor(item: FeedbackItem): string {
  return Buffer.from(`${item.createdAt}|${item.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(time ?? "");
  return id && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
}

export async function feedbackSummaries(db: Database, shareIds: readonly string[]): Promise<Map<string, FeedbackSummary>> {
  const summaries = new Map<string, FeedbackSummary>();
  if (shareIds.length === 0) return summaries;
  const rows = await db
    .select({
      shareId: shareFeedback.shareId,
      count: sql<number>`count(*)::int`,
      ratings: sql<number>`count(${shareFeedback.rating})::int`,
      average: sql<string | null>`avg(${shareFeedback.rating})`,
    })
    .from(shareFeedback)
    .where(inArray(shareFeedback.shareId, [...shareIds]))
    .groupBy(shareFeedback.shareId);
  for (const row of rows) {
    summaries.set(row.shareId, { count: row.count, ratings: row.ratings, average: row.average === null ? null : Number(row.average) });
  }
  return summaries;
}

/** A page of a share's feedback, newest first; `before` is the previous page's `next`. */
export async function listFeedback(
  db: Database,
  shareId: string,
  options: { before?: string | null; limit: number },
  now = new Date(),
): Promise<FeedbackPage | ShareState> {
  const state = await shareState(db, shareId, now);
  if (state !== "found") return state;
  const cursor = options.before ? decodeCursor(options.before) : null;
  const rows = await db
    .select()
    .from(shareFeedback)
    .where(
      and(
        eq(shareFeedback.shareId, shareId),
        cursor
          ? sql`(${shareFeedback.createdAt}, ${shareFeedback.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(shareFeedback.createdAt), desc(shareFeedback.id))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit).map(itemOf);
  const last = items.at(-1);
  const summary = (await feedbackSummaries(db, [shareId])).get(shareId) ?? { count: 0, ratings: 0, average: null };
  return { summary, items, next: rows.length > options.limit && last ? encodeCursor(last) : null };
}

/** Removes one comment: only with the token the share was created with. */
export async function removeFeedback(
  db: Database,
  shareId: string,
  feedbackId: string,
  ownerToken: string,
): Promise<"removed" | "missing" | "not-owner"> {
  const [row] = await db.select({ owner: shares.ownerTokenHash }).from(shares).where(eq(shares.id, shareId));
  if (!row) return "missing";
  if (row.owner !== ownerTokenHash(ownerToken)) return "not-owner";
  const removed = await db
    .delete(shareFeedback)
    .where(and(eq(shareFeedback.shareId, shareId), eq(shareFeedback.id, feedbackId)))
    .returning({ id: shareFeedback.id });
  return removed.length > 0 ? "removed" : "missing";
}
