import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { ArchivedRun } from "@/lib/history/archive-schema";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { hashOf, type BlobSource } from "@/lib/server/database/library-blob-storage";
import { rowsOf } from "@/lib/server/database/result-rows";
import type { LibraryCursor, LibraryEntry, LibraryFile, LibraryVerdict } from "@/lib/library/library-types";

/**
 * Each person's library on the server: runs kept (once, by id), the change feed other devices
 * follow, verdicts (the latest change wins, by the changing device's clock), deletion, and file
 * bytes stored once by content hash. Every query is scoped to one author and goes by an index.
 */

type Library = Pick<DatabaseConnection, "db" | "blobs">;

/** A file of a run being kept: its name, checked type, size, and where its bytes are. */
export type FileToKeep = { name: string; contentType: string; bytes: number; source: BlobSource };

export type KeepResult = { state: "kept" } | { state: "known" } | { state: "deleted" };

/** Where a change feed starts when a device has read nothing: before the first change. */
export const FEED_START: LibraryCursor = { tx: 0, seq: 0 };

const recordBytes = (record: unknown) => Buffer.byteLength(JSON.stringify(record));

/** A text[] parameter: Drizzle's sql spreads a JS array into a row of parameters, so it travels as JSON. */
export const textArray = (values: readonly string[]) => sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * Keeps a run made on some device. Its files are stored under their hashes first (bytes already
 * there are simply there), then the run's rows in one transaction. A run already kept is left as
 * it is; a run deleted meanwhile stays deleted (the device that uploads it late learns so).
 */
export async function keepRun(
  library: Library,
  author: string,
  run: { record: ArchivedRun; files: readonly FileToKeep[]; verdictAt: number },
): Promise<KeepResult> {
  const known = await runState(library, author, run.record.id);
  if (known !== "absent") return { state: known === "kept" ? "known" : "deleted" };
  const [inserted] = rowsOf(
    await library.db.execute(sql`WITH ${await runInsertion(library, author, run)} SELECT count(*) AS runs FROM run`),
  );
  if (Number(inserted?.runs ?? 0) > 0) return { state: "kept" };
  // Kept or deleted by another request in the meantime: as if it had been found above.
  const state = await runState(library, author, run.record.id);
  return { state: state === "kept" ? "known" : "deleted" };
}

/**
 * A run's files stored under their hashes, and the statement's common table expressions that put
 * its rows in: `run` (its id when it went in: a run already kept, or deleted, is left as it is),
 * then its blobs and files, only when the run went in. One statement whatever the number of files
 * (a batch keeps a run per row, see batch-rows-store.ts), atomic as a transaction would be.
 */
export async function runInsertion(
  library: Library,
  author: string,
  run: { record: ArchivedRun; files: readonly FileToKeep[]; verdictAt: number },
): Promise<SQL> {
  const hashed = await Promise.all(run.files.map(async (file) => ({ ...file, hash: await hashOf(file.source) })));
  const distinct = new Map<string, (typeof hashed)[number]>();
  for (const file of hashed) if (!distinct.has(file.hash)) distinct.set(file.hash, file);
  // All at once: in a data folder each is a few file operations, each a turn of Node's thread pool.
  const blobs = new Map(
    await Promise.all(
      [...distinct].map(
        async ([hash, file]) =>
          [hash, { contentType: file.contentType, bytes: file.bytes, column: await library.blobs.keep(hash, file.source) }] as const,
      ),
    ),
  );
  const bytes = recordBytes(run.record) + run.files.reduce((total, file) => total + file.bytes, 0);
  const blobRows = [...blobs].map(
    ([hash, blob]) => sql`(${hash}::text, ${blob.contentType}::text, ${blob.bytes}::integer, ${blob.column}::bytea)`,
  );
  const fileRows = hashed.map((file) => sql`(${author}::text, ${run.record.id}::text, ${file.name}::text, ${file.hash}::text)`);
  const keepBlobs =
    blobRows.length > 0
      ? sql`, blobs AS (
        INSERT INTO library_blobs (hash, content_type, bytes, data)
        SELECT * FROM (VALUES ${sql.join(blobRows, sql`, `)}) AS v(hash, content_type, bytes, data) WHERE EXISTS (SELECT 1 FROM run)
        ON CONFLICT (hash) DO NOTHING
      )`
      : sql``;
  const keepFiles =
    fileRows.length > 0
      ? sql`, files AS (
        INSERT INTO library_files (author, run_id, name, hash)
        SELECT * FROM (VALUES ${sql.join(fileRows, sql`, `)}) AS v(author, run_id, name, hash) WHERE EXISTS (SELECT 1 FROM run)
      )`
      : sql``;
  return sql`run AS (
        INSERT INTO library_runs (author, id, record, created_at, bytes, verdict_at)
        VALUES (${author}::text, ${run.record.id}::text, ${JSON.stringify(run.record)}::jsonb,
                to_timestamp(${run.record.createdAt}::double precision / 1000), ${bytes}::bigint, ${run.verdictAt}::bigint)
        ON CONFLICT (author, id) DO NOTHING
        RETURNING id
      )${keepBlobs}${keepFiles}`;
}

async function runState(library: Pick<Library, "db">, author: string, id: string): Promise<"absent" | "kept" | "deleted"> {
  const [row] = rowsOf(
    await library.db.execute(sql`SELECT record IS NOT NULL AS kept FROM library_runs WHERE author = ${author}::text AND id = ${id}::text`),
  );
  if (!row) return "absent";
  return row.kept ? "kept" : "deleted";
}

/**
 * The changes to an author's library after `after`, oldest first: runs kept, verdicts changed and
 * runs deleted (a null record). Only changes of transactions older than every one still under way
 * are read, so one that commits after a later one is never stepped over. With no cursor, only the
 * cursor of the latest change: a new device starts there and reads the newest runs by `newestRuns`.
 */
export async function libraryChanges(
  library: Library,
  author: string,
  after: LibraryCursor | null,
  limit: number,
): Promise<{ entries: LibraryEntry[]; cursor: LibraryCursor }> {
  const horizon = sql`(pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`;
  if (after === null) {
    const [head] = rowsOf(
      await library.db.execute(sql`
        SELECT change_tx, change_seq FROM library_runs
        WHERE author = ${author}::text AND change_tx < ${horizon}
        ORDER BY change_tx DESC, change_seq DESC LIMIT 1`),
    );
    return { entries: [], cursor: head ? { tx: Number(head.change_tx), seq: Number(head.change_seq) } : FEED_START };
  }
  const rows = rowsOf(
    await library.db.execute(sql`
      SELECT id, record, verdict_at, change_tx, change_seq FROM library_runs
      WHERE author = ${author}::text AND (change_tx, change_seq) > (${after.tx}::bigint, ${after.seq}::bigint)
        AND change_tx < ${horizon}
      ORDER BY change_tx, change_seq LIMIT ${limit}::integer`),
  );
  const last = rows.at(-1);
  const cursor = last ? { tx: Number(last.change_tx), seq: Number(last.change_seq) } : after;
  return { entries: await withFiles(library, author, rows), cursor };
}

/** The newest kept runs, a page at a time, older than `before`: what a new device fills its cache with. */
export async function newestRuns(
  library: Library,
  author: string,
  before: { createdAt: number; id: string } | null,
  limit: number,
): Promise<LibraryEntry[]> {
  const older = before
    ? sql`AND (created_at, id) < (to_timestamp(${before.createdAt}::double precision / 1000), ${before.id}::text)`
    : sql``;
  const rows = rowsOf(
    await library.db.execute(sql`
      SELECT id, record, verdict_at FROM library_runs
      WHERE author = ${author}::text AND record IS NOT NULL ${older}
      ORDER BY created_at DESC, id DESC LIMIT ${limit}::integer`),
  );
  return withFiles(library, author, rows);
}

/** Library entries for rows of one author's runs (`id`, `record`, `verdict_at`), each with its files. */
export async function withFiles(library: Pick<Library, "db">, author: string, rows: Record<string, unknown>[]): Promise<LibraryEntry[]> {
  const ids = rows.filter((row) => row.record !== null).map((row) => String(row.id));
  const files = new Map<string, LibraryFile[]>();
  if (ids.length > 0) {
    const found = rowsOf(
      await library.db.execute(sql`
        SELECT f.run_id, f.name, f.hash, b.content_type, b.bytes FROM library_files f JOIN library_blobs b ON b.hash = f.hash
        WHERE f.author = ${author}::text AND f.run_id = ANY(${textArray(ids)})`),
    );
    for (const row of found) {
      const list = files.get(String(row.run_id)) ?? [];
      list.push({ name: String(row.name), hash: String(row.hash), contentType: String(row.content_type), bytes: Number(row.bytes) });
      files.set(String(row.run_id), list);
    }
  }
  return rows.map((row) => ({
    id: String(row.id),
    record: (typeof row.record === "string" ? JSON.parse(row.record) : row.record) as ArchivedRun | null,
    verdictAt: Number(row.verdict_at),
    files: files.get(String(row.id)) ?? [],
  }));
}

/**
 * As `withFiles`, for rows of several authors' runs (each with an `author` and the `author_name` to
 * show): entries in the rows' order, each saying whose run it is.
 */
export async function withFilesOfAuthors(
  library: Pick<Library, "db">,
  rows: Record<string, unknown>[],
): Promise<(LibraryEntry & { author: string; authorName: string })[]> {
  const byAuthor = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) byAuthor.set(String(row.author), [...(byAuthor.get(String(row.author)) ?? []), row]);
  const entries = new Map<Record<string, unknown>, LibraryEntry>();
  for (const [author, authorRows] of byAuthor) {
    const found = await withFiles(library, author, authorRows);
    authorRows.forEach((row, index) => {
      const entry = found[index];
      if (entry) entries.set(row, entry);
    });
  }
  return rows.flatMap((row) => {
    const entry = entries.get(row);
    return entry ? [{ ...entry, author: String(row.author), authorName: String(row.author_name) }] : [];
  });
}

/**
 * A run's star and verdict as a device set them at `at` (its clock, ms): applied only when newer
 * than the last change applied, so the latest change wins whichever arrives last. False when the
 * run is not kept (never uploaded, or deleted) or a newer change was already applied.
 */
export async function setLibraryVerdict(
  library: Library,
  author: string,
  id: string,
  verdict: LibraryVerdict,
  at: number,
): Promise<boolean> {
  const patch = JSON.stringify({
    starred: verdict.starred,
    ...(verdict.rating !== undefined ? { rating: verdict.rating } : {}),
    ...(verdict.picked ? { picked: true } : {}),
    ...(verdict.note ? { note: verdict.note } : {}),
  });
  const updated = rowsOf(
    await library.db.execute(sql`
      UPDATE library_runs
      SET record = (record - 'rating' - 'picked' - 'note') || ${patch}::jsonb, verdict_at = ${at}::bigint,
          change_tx = DEFAULT, change_seq = DEFAULT
      WHERE author = ${author}::text AND id = ${id}::text AND record IS NOT NULL AND verdict_at < ${at}::bigint
      RETURNING id`),
  );
  return updated.length > 0;
}

/**
 * Deletes runs from the library (`"all"`: every one of the author's): each stays as a tombstone
 * other devices read in the feed. File bytes nothing names any more go too; bytes a share or
 * another run still names stay. Answers how many runs were deleted.
 */
export async function deleteLibraryRuns(library: Library, author: string, ids: readonly string[] | "all"): Promise<number> {
  const which = ids === "all" ? sql`` : sql`AND id = ANY(${textArray(ids)})`;
  const deleted = await library.db.transaction(async (tx) => {
    const tombstones = rowsOf(
      await tx.execute(sql`
        UPDATE library_runs SET record = NULL, bytes = 0, change_tx = DEFAULT, change_seq = DEFAULT
        WHERE author = ${author}::text AND record IS NOT NULL ${which}
        RETURNING id`),
    );
    if (tombstones.length === 0) return { count: 0, hashes: [] as string[] };
    const gone = textArray(tombstones.map((row) => String(row.id)));
    const freed = rowsOf(
      await tx.execute(sql`DELETE FROM library_files WHERE author = ${author}::text AND run_id = ANY(${gone}) RETURNING hash`),
    );
    // A deleted run leaves every collection it was on, whoever's collection it is.
    await tx.execute(sql`DELETE FROM library_collection_items WHERE author = ${author}::text AND run_id = ANY(${gone})`);
    return { count: tombstones.length, hashes: [...new Set(freed.map((row) => String(row.hash)))] };
  });
  await discardUnnamed(library, deleted.hashes);
  return deleted.count;
}

/**
 * Removes the bytes of these hashes that no run names any more. A run being kept at this moment
 * that names one holds its row (the foreign key): that deletion fails and the bytes stay.
 */
async function discardUnnamed(library: Library, hashes: readonly string[]): Promise<void> {
  const gone: string[] = [];
  for (const hash of hashes) {
    try {
      const removed = rowsOf(
        await library.db.execute(sql`
          DELETE FROM library_blobs b WHERE b.hash = ${hash}::text
            AND NOT EXISTS (SELECT 1 FROM library_files f WHERE f.hash = b.hash)
          RETURNING hash`),
      );
      if (removed.length > 0) gone.push(hash);
    } catch {
      // Named again meanwhile: kept.
    }
  }
  await library.blobs.discard(gone);
}

/** A file's bytes, only if one of the author's own kept runs names it. */
export function readLibraryFile(library: Library, author: string, hash: string): Promise<StoredBlob | null> {
  return readBlobWhere(library, hash, sql`EXISTS (SELECT 1 FROM library_files f WHERE f.author = ${author}::text AND f.hash = b.hash)`);
}

export type StoredBlob = { contentType: string; data: Uint8Array };

/**
 * A stored file's bytes, when `allowed` (a condition on the blob `b`) says the caller may read it:
 * from its bytea column on PostgreSQL, from the data folder for the embedded database.
 */
export async function readBlobWhere(library: Library, hash: string, allowed: SQL): Promise<StoredBlob | null> {
  const [row] = rowsOf(
    await library.db.execute(sql`SELECT b.content_type, b.data FROM library_blobs b WHERE b.hash = ${hash}::text AND ${allowed}`),
  );
  if (!row) return null;
  const column = row.data === null || row.data === undefined ? null : new Uint8Array(row.data as Uint8Array);
  const data = await library.blobs.load(hash, column);
  return data ? { contentType: String(row.content_type), data } : null;
}

/** How many runs an author keeps and their bytes (each run's files counted, shared bytes included). */
export async function libraryUsage(library: Library, author: string): Promise<{ runs: number; bytes: number }> {
  const [row] = rowsOf(
    await library.db.execute(sql`
      SELECT count(*) AS runs, coalesce(sum(bytes), 0) AS bytes FROM library_runs WHERE author = ${author}::text AND record IS NOT NULL`),
  );
  return { runs: Number(row?.runs ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Which of these run ids the author's library has, kept or deleted. */
export async function knownRunIds(library: Library, author: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = rowsOf(
    await library.db.execute(sql`SELECT id FROM library_runs WHERE author = ${author}::text AND id = ANY(${textArray(ids)})`),
  );
  return rows.map((row) => String(row.id));
}

/** What the library's search asks for: prompt words (typos forgiven) and filters; newest or best rated first. */
export type LibraryQuery = {
  text: string;
  model: string | null;
  ratio: string | null;
  minRating: number | null;
  picked: boolean;
  starred: boolean;
  /** A run status ("succeeded", "service-error"…), or null for any. */
  status: string | null;
  /** Made at or after / before these times (ms). */
  from: number | null;
  to: number | null;
  order: "newest" | "rating";
  /** Where the previous page ended (from `next`). */
  after: SearchCursor | null;
  limit: number;
};

export type SearchCursor = { rating: number; createdAt: number; id: string };

/** A search with nothing narrowed: the newest page of everything. */
export const ANY_LIBRARY_QUERY: LibraryQuery = {
  text: "",
  model: null,
  ratio: null,
  minRating: null,
  picked: false,
  starred: false,
  status: null,
  from: null,
  to: null,
  order: "newest",
  after: null,
  limit: 50,
};

/** How alike a query and a stretch of a prompt must be (pg_trgm's word similarity, 0–1) to match despite typos. */
export const NEAR_SPELLING = 0.4;
/**
 * How many of the newest (or best rated) entries a prompt search reads in order first: words many
 * prompts hold fill a page among them, and reading them in order beats fetching thousands of
 * matches to sort. Rarer words go through the prompt indexes instead.
 */
const RECENT_WINDOW = 2000;

/** Every part of a search's conditions joined by AND (TRUE when there are none). */
export const allOf = (parts: SQL[]) => (parts.length > 0 ? sql.join(parts, sql` AND `) : sql`TRUE`);

/**
 * A search's conditions on library_runs' columns: the prompt's words or near spellings (apart, as
 * the search decides how to read them) and the other filters. The near-spelling operator `<%`
 * needs pg_trgm.word_similarity_threshold set to NEAR_SPELLING in the same transaction.
 */
export function searchFilters(query: LibraryQuery): { matchesText: SQL | null; filters: SQL[] } {
  const text = query.text.trim();
  const at = (ms: number) => sql`to_timestamp(${ms}::double precision / 1000)`;
  const matchesText = text
    ? sql`(to_tsvector('simple', coalesce(prompt, '')) @@ websearch_to_tsquery('simple', ${text}::text) OR ${text}::text <% prompt)`
    : null;
  const filters: SQL[] = [];
  if (query.model) filters.push(sql`model = ${query.model}::text`);
  if (query.ratio) filters.push(sql`aspect_ratio = ${query.ratio}::text`);
  if (query.minRating) filters.push(sql`rating >= ${query.minRating}::smallint`);
  if (query.picked) filters.push(sql`picked`);
  // Read from the record (no index): the author's own rows are few enough once the others narrowed them.
  if (query.starred) filters.push(sql`(record ->> 'starred')::boolean`);
  if (query.status) filters.push(sql`record ->> 'status' = ${query.status}::text`);
  if (query.from !== null) filters.push(sql`created_at >= ${at(query.from)}`);
  if (query.to !== null) filters.push(sql`created_at < ${at(query.to)}`);

  return { matchesText, filters };
}

/**
 * Searches an author's kept runs: prompt words (full text) or near spellings (trigrams), model,
 * ratio, rating, pick, dates. Both prompt indexes hold the author first, so a search reads only
 * that person's entries. Keyset paging: a page starts just after where the previous one ended.
 */
export async function searchLibrary(
  library: Library,
  author: string,
  query: LibraryQuery,
): Promise<{ entries: LibraryEntry[]; next: SearchCursor | null }> {
  // The author's entries in the page's order, from where the last page ended…
  const scope = [sql`author = ${author}::text`, sql`record IS NOT NULL`];
  const after = query.after;
  const at = (ms: number) => sql`to_timestamp(${ms}::double precision / 1000)`;
  if (after && query.order === "rating") {
    scope.push(sql`(coalesce(rating, 0), created_at, id) < (${after.rating}::integer, ${at(after.createdAt)}, ${after.id}::text)`);
  } else if (after) {
    scope.push(sql`(created_at, id) < (${at(after.createdAt)}, ${after.id}::text)`);
  }
  // …narrowed by the filters.
  const { matchesText, filters } = searchFilters(query);
  const order = query.order === "rating" ? sql`coalesce(rating, 0) DESC, created_at DESC, id DESC` : sql`created_at DESC, id DESC`;
  const columns = sql`id, record, verdict_at, coalesce(rating, 0) AS rank_rating, (extract(epoch FROM created_at) * 1000)::bigint AS created_ms`;
  const pageSize = query.limit + 1;
  const rows = await library.db.transaction(async (tx) => {
    const select = async (statement: SQL) => rowsOf(await tx.execute(statement));
    if (!matchesText) {
      // Read in order along the author's index (by time, or by rating), filtered as it goes.
      return select(
        sql`SELECT ${columns} FROM library_runs WHERE ${allOf([...scope, ...filters])} ORDER BY ${order} LIMIT ${pageSize}::integer`,
      );
    }
    // The threshold of `<%` for this query only (SET LOCAL ends with the transaction).
    await tx.execute(sql.raw(`SET LOCAL pg_trgm.word_similarity_threshold = ${NEAR_SPELLING}`));
    // Words that many prompts hold fill a page from the newest (or best rated) entries at once…
    const recent = await select(sql`
      SELECT ${columns} FROM (
        SELECT * FROM library_runs WHERE ${allOf(scope)} ORDER BY ${order} LIMIT ${RECENT_WINDOW}::integer
      ) recent WHERE ${allOf([matchesText, ...filters])} ORDER BY ${order} LIMIT ${pageSize}::integer`);
    if (recent.length === pageSize) return recent;
    const [window] = await select(sql`
      SELECT count(*) AS entries FROM (SELECT 1 FROM library_runs WHERE ${allOf(scope)} ORDER BY ${order} LIMIT ${RECENT_WINDOW}::integer) w`);
    if (Number(window?.entries ?? 0) < RECENT_WINDOW) return recent;
    // …a rare word (or a typo) is found through the prompt indexes, whose few matches are then ordered.
    return select(sql`
      WITH matches AS MATERIALIZED (SELECT * FROM library_runs WHERE ${allOf([...scope, matchesText])})
      SELECT ${columns} FROM matches WHERE ${allOf(filters)} ORDER BY ${order} LIMIT ${pageSize}::integer`);
  });
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page.at(-1);
  const next = more && last ? { rating: Number(last.rank_rating), createdAt: Number(last.created_ms), id: String(last.id) } : null;
  return { entries: await withFiles(library, author, page), next };
}

/** Each author's kept runs and bytes, largest first (an admin's view; `author` narrows it to one person). */
export async function libraryUsageByAuthor(
  library: Library,
  author: string | null,
): Promise<{ author: string; runs: number; bytes: number }[]> {
  const only = author === null ? sql`` : sql`AND author = ${author}::text`;
  const rows = rowsOf(
    await library.db.execute(sql`
      SELECT author, count(*) AS runs, coalesce(sum(bytes), 0) AS bytes FROM library_runs
      WHERE record IS NOT NULL ${only} GROUP BY author ORDER BY sum(bytes) DESC LIMIT 500`),
  );
  return rows.map((row) => ({ author: String(row.author), runs: Number(row.runs), bytes: Number(row.bytes) }));
}
