import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, getTableColumns, gt, isNotNull, lte, sql } from "drizzle-orm";
import type { SharedRecord } from "@/lib/history/share-files";
import type { Database, DatabaseConnection } from "./connection";
import { shareFeedback, shareFiles, shareLibrary, shares } from "./schema";

/**
 * The library of shared runs: create (once per run and owner), read, serve a file, stop sharing,
 * purge what expired. Every query goes by primary key or an index; the library's size is a
 * running total kept in the same transaction as each change.
 */

/** A share's file: its bytes, or (as an upload stages it) the path of a file holding them. */
export type ShareFile = { name: string; contentType: string } & ({ data: Uint8Array } | { path: string; bytes: number });

export const fileBytes = (file: ShareFile) => ("data" in file ? file.data.byteLength : file.bytes);

export type NewShare = {
  ownerToken: string;
  /** What the browser shared, in its own words (a run's id, a grid's): the same twice gives one link. */
  sourceKey: string;
  /** The person who shared it, when people sign in with a provider. */
  authorName?: string | null;
} & SharedRecord & {
    files: ShareFile[];
    expiresAt: Date | null;
  };

export type ShareLimits = { shareBytes: number; libraryBytes: number };

export type CreateResult =
  | { ok: true; id: string; created: boolean; expiresAt: Date | null }
  | { ok: false; reason: "share-too-large" | "library-full"; limit: number; size: number };

export type StoredShare = SharedRecord & {
  id: string;
  authorName: string | null;
  files: { name: string; contentType: string; bytes: number }[];
  createdAt: Date;
  expiresAt: Date | null;
};

export type ShareLookup = { state: "found"; share: StoredShare } | { state: "missing" } | { state: "expired" };

/** 128 bits from the system's random source, URL-safe (22 characters). */
export function newShareId(): string {
  return randomBytes(16).toString("base64url");
}

/** Only a hash of the owner's token is kept: the database alone cannot stop anybody's share. */
export function ownerTokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const recordBytes = (record: unknown) => Buffer.byteLength(JSON.stringify(record));

/** The database and where its share files' bytes go. */
export type ShareLibrary = Pick<DatabaseConnection, "db" | "files">;

export async function createShare(library: ShareLibrary, share: NewShare, limits: ShareLimits, now = new Date()): Promise<CreateResult> {
  const size = recordBytes(share.record) + share.files.reduce((total, file) => total + fileBytes(file), 0);
  if (size > limits.shareBytes) return { ok: false, reason: "share-too-large", limit: limits.shareBytes, size };
  const owner = ownerTokenHash(share.ownerToken);
  // Staged under the new id before the row exists: nobody can reach them until the row commits, and
  // if it does not (same share again, library full, a failure), they are discarded.
  const id = newShareId();
  let columns: (Uint8Array | null)[];
  try {
    columns = await library.files.stage(id, share.files);
  } catch (error) {
    await library.files.discard(id).catch(() => undefined);
    throw error;
  }
  const replaced: string[] = [];
  let result: CreateResult;
  try {
    result = await insertShare(library.db, { ...share, id, owner, size, columns, replaced }, limits, now);
  } catch (error) {
    await library.files.discard(id).catch(() => undefined);
    throw error;
  }
  if (!result.ok || !result.created) await library.files.discard(id).catch(() => undefined);
  for (const old of replaced) await library.files.discard(old).catch(() => undefined);
  return result;
}

type Insert = NewShare & { id: string; owner: string; size: number; columns: (Uint8Array | null)[]; replaced: string[] };

function insertShare(db: Database, share: Insert, limits: ShareLimits, now: Date): Promise<CreateResult> {
  const { id, owner, size } = share;
  return db.transaction(async (tx) => {
    // The library row is locked first: concurrent shares (on any instance) take turns at the limit.
    const [library] = await tx.select().from(shareLibrary).where(eq(shareLibrary.id, 1)).for("update");
    const [existing] = await tx
      .select({ id: shares.id, expiresAt: shares.expiresAt, bytes: shares.bytes })
      .from(shares)
      .where(and(eq(shares.ownerTokenHash, owner), eq(shares.sourceKey, share.sourceKey)));
    if (existing && (existing.expiresAt === null || existing.expiresAt > now)) {
      return { ok: true as const, id: existing.id, created: false, expiresAt: existing.expiresAt };
    }
    let total = library?.bytes ?? 0;
    if (total - (existing?.bytes ?? 0) + size > limits.libraryBytes)
      return { ok: false as const, reason: "library-full" as const, limit: limits.libraryBytes, size };
    if (existing) {
      // Expired and not yet purged: this share replaces it.
      await tx.delete(shares).where(eq(shares.id, existing.id));
      total -= existing.bytes;
      share.replaced.push(existing.id);
    }
    await tx.insert(shares).values({
      id,
      ownerTokenHash: owner,
      sourceKey: share.sourceKey,
      kind: share.kind,
      record: share.record,
      authorName: share.authorName ?? null,
      bytes: size,
      createdAt: now,
      expiresAt: share.expiresAt,
    });
    for (const [position, file] of share.files.entries()) {
      await tx.insert(shareFiles).values({
        shareId: id,
        name: file.name,
        contentType: file.contentType,
        bytes: fileBytes(file),
        data: share.columns[position] ?? null,
      });
    }
    await tx
      .update(shareLibrary)
      .set({ bytes: total + size })
      .where(eq(shareLibrary.id, 1));
    return { ok: true as const, id, created: true, expiresAt: share.expiresAt };
  });
}

/** A share's files (name, type, size), as one JSON list, in the statement that reads the share. */
const filesOfShare = sql<StoredShare["files"]>`coalesce((
  SELECT json_agg(json_build_object('name', ${shareFiles.name}, 'contentType', ${shareFiles.contentType}, 'bytes', ${shareFiles.bytes}))
  FROM ${shareFiles} WHERE ${shareFiles.shareId} = ${shares.id}), '[]'::json)`;

export async function findShare(library: ShareLibrary, id: string, now = new Date()): Promise<ShareLookup> {
  const { db } = library;
  // The share and its files' names in one statement: a share's page reads it on every visit.
  const [row] = await db
    .select({ ...getTableColumns(shares), files: filesOfShare })
    .from(shares)
    .where(eq(shares.id, id));
  if (!row) return { state: "missing" };
  if (await expiredNow(library, row, now)) return { state: "expired" };
  return {
    state: "found",
    share: {
      id: row.id,
      authorName: row.authorName,
      ...({ kind: row.kind, record: row.record } as SharedRecord),
      files: row.files,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
    },
  };
}

/**
 * Whether the share has expired (its images deleted now if they were not yet), reading its expiry
 * alone: what is asked before a share's page is rendered, where the whole record would be read for nothing.
 */
export async function isShareExpired(library: ShareLibrary, id: string, now = new Date()): Promise<boolean> {
  const known = goodUntil.get(library)?.get(id);
  if (known !== undefined && known > now.getTime()) return false;
  const [row] = await library.db.select({ expiresAt: shares.expiresAt, bytes: shares.bytes }).from(shares).where(eq(shares.id, id));
  if (row === undefined) return false;
  if (await expiredNow(library, { id, ...row }, now)) return true;
  rememberGoodUntil(library, id, row.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
  return false;
}

/**
 * Until when each share looked at lately is still good, per library. A share's expiry is set when
 * it is made and never changes, so one found unexpired needs no second look until then: opening a
 * share reads the database once (the page's read), not twice. A share stopped meanwhile is missing
 * for that read, which says so. Every instance keeps its own; none can be wrong for that reason.
 */
const goodUntil = new WeakMap<ShareLibrary, Map<string, number>>();
/** The most shares remembered per library (the oldest remembered goes first). */
const GOOD_UNTIL_KEPT = 10_000;

function rememberGoodUntil(library: ShareLibrary, id: string, until: number): void {
  let known = goodUntil.get(library);
  if (!known) goodUntil.set(library, (known = new Map()));
  known.delete(id);
  if (known.size >= GOOD_UNTIL_KEPT) {
    const oldest = known.keys().next().value;
    if (oldest !== undefined) known.delete(oldest);
  }
  known.set(id, until);
}

/** Whether a share read is past its time; the first to find it so deletes its images. */
async function expiredNow(
  library: ShareLibrary,
  share: { id: string; expiresAt: Date | null; bytes: number },
  now: Date,
): Promise<boolean> {
  if (share.expiresAt === null || share.expiresAt > now) return false;
  if (share.bytes > 0) await expireShare(library, share.id);
  return true;
}

export async function readShareFile(
  library: ShareLibrary,
  id: string,
  name: string,
  now = new Date(),
): Promise<{ name: string; contentType: string; data: Uint8Array } | "expired" | null> {
  const [row] = await library.db
    .select({ contentType: shareFiles.contentType, data: shareFiles.data, expiresAt: shares.expiresAt })
    .from(shareFiles)
    .innerJoin(shares, eq(shares.id, shareFiles.shareId))
    .where(and(eq(shareFiles.shareId, id), eq(shareFiles.name, name)));
  if (!row) return null;
  if (row.expiresAt !== null && row.expiresAt <= now) return "expired";
  const data = await library.files.load(id, name, row.data);
  return data ? { name, contentType: row.contentType, data } : null;
}

/** Stops sharing: only with the token it was created with. */
export async function stopSharing(library: ShareLibrary, id: string, ownerToken: string): Promise<"stopped" | "missing" | "not-owner"> {
  const [row] = await library.db.select({ owner: shares.ownerTokenHash }).from(shares).where(eq(shares.id, id));
  if (!row) return "missing";
  if (row.owner !== ownerTokenHash(ownerToken)) return "not-owner";
  await removeShare(library.db, id);
  await library.files.discard(id);
  return "stopped";
}

/**
 * Purges expired shares, oldest expiry first, a batch at a time (the expiry index): their files
 * and record go; a tombstone of a few bytes stays so that the link answers "expired" (410), not
 * "never existed" (404).
 */
export async function purgeExpired(library: ShareLibrary, now = new Date(), batch = 100): Promise<number> {
  const expired = await library.db
    .select({ id: shares.id })
    .from(shares)
    .where(and(isNotNull(shares.expiresAt), lte(shares.expiresAt, now), gt(shares.bytes, 0)))
    .orderBy(shares.expiresAt)
    .limit(batch);
  for (const { id } of expired) await expireShare(library, id);
  return expired.length;
}

export async function libraryBytes(db: Database): Promise<number> {
  const [library] = await db.select().from(shareLibrary).where(eq(shareLibrary.id, 1));
  return library?.bytes ?? 0;
}

/** A share and its files (cascade), and its size off the library's total, in one transaction. */
async function removeShare(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(shares).where(eq(shares.id, id)).returning({ bytes: shares.bytes });
    if (!removed) return;
    await tx
      .update(shareLibrary)
      .set({ bytes: sql`${shareLibrary.bytes} - ${removed.bytes}` })
      .where(eq(shareLibrary.id, 1));
  });
}

/** An expired share's files and record deleted, its size off the total; the row stays as a tombstone. */
async function expireShare(library: ShareLibrary, id: string): Promise<void> {
  await library.db.transaction(async (tx) => {
    const [row] = await tx.select({ bytes: shares.bytes }).from(shares).where(eq(shares.id, id)).for("update");
    if (!row || row.bytes === 0) return;
    await tx.delete(shareFiles).where(eq(shareFiles.shareId, id));
    await tx.delete(shareFeedback).where(eq(shareFeedback.shareId, id));
    await tx.update(shares).set({ record: {}, bytes: 0 }).where(eq(shares.id, id));
    await tx
      .update(shareLibrary)
      .set({ bytes: sql`${shareLibrary.bytes} - ${row.bytes}` })
      .where(eq(shareLibrary.id, 1));
  });
  await library.files.discard(id);
}
