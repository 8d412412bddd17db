import "@/lib/request/zod-setup";
import * as z from "zod/mini";
import { archivedRunSchema, type ArchivedRun } from "@/lib/history/archive-schema";
import { isRating, NOTE_MAX_CHARS, type Rating } from "@/lib/history/verdict";

/**
 * What the browser and the server say to each other about a person's library: the change feed
 * (runs kept, verdicts changed, runs deleted), a run's files by content hash, and verdicts.
 */

/** A place in an author's change feed: the transaction of a change and its order. */
export type LibraryCursor = { tx: number; seq: number };

export type LibraryFile = { name: string; hash: string; contentType: string; bytes: number };

/**
 * The small WebP the server makes from a run's first image when it keeps the run: what lists and
 * grids show. It is not one of the run's own files (an export or a rebuilt run leaves it out).
 */
export const SERVER_THUMBNAIL = "library-thumbnail.webp";

/** The picture a list or grid shows for an entry: the server's thumbnail, else the browser's. */
export function smallPictureOf(entry: Pick<LibraryEntry, "record" | "files">): LibraryFile | null {
  const byName = (name: string | null | undefined) => (name ? (entry.files.find((file) => file.name === name) ?? null) : null);
  return byName(SERVER_THUMBNAIL) ?? byName(entry.record?.thumbnailFile);
}

/**
 * A run as the library holds it; `record` is null once the run was deleted. Found by the Team
 * view, it also says who made it and a collection it is on (its files are read through that).
 */
export type LibraryEntry = {
  id: string;
  record: ArchivedRun | null;
  verdictAt: number;
  files: LibraryFile[];
  authorName?: string;
  collectionId?: string;
};

/** A run's star and verdict, set whole: what the last change left. */
export type LibraryVerdict = { starred: boolean; rating?: Rating; picked?: boolean; note?: string };

export function cursorText(cursor: LibraryCursor): string {
  return `${cursor.tx}.${cursor.seq}`;
}

export function readCursor(text: string | null): LibraryCursor | null {
  const match = /^(\d{1,19})\.(\d{1,19})$/.exec(text ?? "");
  if (!match) return null;
  const tx = Number(match[1]);
  const seq = Number(match[2]);
  return Number.isSafeInteger(tx) && Number.isSafeInteger(seq) ? { tx, seq } : null;
}

export const libraryVerdictSchema = z.object({
  starred: z.boolean(),
  rating: z.optional(z.custom<Rating>(isRating)),
  picked: z.optional(z.boolean()),
  note: z.optional(z.string().check(z.maxLength(NOTE_MAX_CHARS))),
});

/** A verdict change as a device sends it: the verdict and when it was made (its clock, ms). */
export const verdictChangeSchema = z.object({ verdict: libraryVerdictSchema, at: z.int().check(z.nonnegative()) });

const HASH = /^[0-9a-f]{64}$/;

const entrySchema = z.object({
  id: z.string(),
  record: z.nullable(archivedRunSchema),
  verdictAt: z.number(),
  files: z.array(z.object({ name: z.string(), hash: z.string().check(z.regex(HASH)), contentType: z.string(), bytes: z.number() })),
  authorName: z.optional(z.string()),
  collectionId: z.optional(z.string()),
});

/** The answer of GET /api/library/changes (with `cursor`), /runs, and /search (with `next`, null on the last page). */
export const libraryPageSchema = z.object({
  entries: z.array(entrySchema),
  cursor: z.optional(z.string()),
  next: z.optional(z.nullable(z.string())),
});

export type LibraryPage = { entries: LibraryEntry[]; cursor?: string; next?: string | null };
