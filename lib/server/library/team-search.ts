import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { rowsOf } from "@/lib/server/database/result-rows";
import type { TeamEntry } from "@/lib/library/collection-types";
import type { RunPlaceCursor } from "./run-place-cursor";
import { authorNameSql } from "./collection-store";
import { allOf, NEAR_SPELLING, searchFilters, withFilesOfAuthors, type LibraryQuery } from "./library-store";

/**
 * The Team view's search: the runs on every collection the person may see (their own, those given
 * to them, the team's), whoever made them, with the library search's filters and an author. Each
 * run comes with one collection that holds it, through which its files are read.
 */

type Store = Pick<DatabaseConnection, "db">;

/** Where a page ended; its time is when the run was made (ms). */
export type TeamCursor = RunPlaceCursor;

export type TeamQuery = Omit<LibraryQuery, "after"> & {
  after: TeamCursor | null;
  /** Only runs by this person: part of their name or email, or their id. */
  by: string | null;
};

export async function searchTeam(
  store: Store,
  person: string,
  query: TeamQuery,
): Promise<{ entries: TeamEntry[]; next: TeamCursor | null }> {
  const { matchesText, filters } = searchFilters({ ...query, after: null });
  const conditions: SQL[] = [...(matchesText ? [matchesText] : []), ...filters];
  if (query.by) {
    const like = `%${query.by.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(sql`(r.author = ${query.by}::text OR r.author IN (
      SELECT p.id FROM people p WHERE p.name ILIKE ${like}::text OR p.email ILIKE ${like}::text))`);
  }
  const at = (ms: number) => sql`to_timestamp(${ms}::double precision / 1000)`;
  const after = query.after;
  if (after && query.order === "rating") {
    conditions.push(
      sql`(coalesce(r.rating, 0), r.created_at, r.author, r.id) < (${after.rating}::integer, ${at(after.time)}, ${after.author}::text, ${after.id}::text)`,
    );
  } else if (after) {
    conditions.push(sql`(r.created_at, r.author, r.id) < (${at(after.time)}, ${after.author}::text, ${after.id}::text)`);
  }
  const order =
    query.order === "rating"
      ? sql`coalesce(r.rating, 0) DESC, r.created_at DESC, r.author DESC, r.id DESC`
      : sql`r.created_at DESC, r.author DESC, r.id DESC`;
  const rows = await store.db.transaction(async (tx) => {
    if (matchesText) await tx.execute(sql.raw(`SET LOCAL pg_trgm.word_similarity_threshold = ${NEAR_SPELLING}`));
    return rowsOf(
      await tx.execute(sql`
        WITH visible AS (
          SELECT c.id FROM library_collections c
          WHERE c.owner = ${person}::text OR c.visibility = 'team'
             OR EXISTS (SELECT 1 FROM library_collection_members m WHERE m.collection_id = c.id AND m.person = ${person}::text)
        ), items AS (
          SELECT DISTINCT ON (i.author, i.run_id) i.author, i.run_id, i.collection_id
          FROM library_collection_items i WHERE i.collection_id IN (SELECT id FROM visible)
          ORDER BY i.author, i.run_id, i.added_at DESC
        )
        SELECT r.author, r.id, r.record, r.verdict_at, coalesce(r.rating, 0) AS rank_rating,
               (extract(epoch FROM r.created_at) * 1000)::bigint AS created_ms, items.collection_id,
               ${authorNameSql(sql`r.author`)} AS author_name
        FROM items JOIN library_runs r ON r.author = items.author AND r.id = items.run_id AND r.record IS NOT NULL
        WHERE ${allOf(conditions)}
        ORDER BY ${order} LIMIT ${query.limit + 1}::integer`),
    );
  });
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const entries: TeamEntry[] = (await withFilesOfAuthors(store, page)).map((entry, index) => ({
    ...entry,
    addedAt: 0,
    collectionId: String(page[index]?.collection_id),
  }));
  const last = page.at(-1);
  return {
    entries,
    next:
      more && last
        ? { rating: Number(last.rank_rating), time: Number(last.created_ms), author: String(last.author), id: String(last.id) }
        : null,
  };
}
