import "server-only";
import { randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { OPEN_AUTHOR, TEAM_AUTHOR } from "@/lib/server/people/author";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { rowsOf } from "@/lib/server/database/result-rows";
import {
  COLLECTION_MAX_MEMBERS,
  COLLECTION_MAX_RUNS,
  COLLECTIONS_PER_PERSON_MAX,
  type CollectionEntry,
  type CollectionMember,
  type CollectionRole,
  type CollectionSummary,
  type CollectionVisibility,
} from "@/lib/library/collection-types";
import { readBlobWhere, textArray, withFilesOfAuthors, type StoredBlob } from "./library-store";
import type { RunPlaceCursor } from "./run-place-cursor";

/**
 * Collections: boards of runs a person names and shares. A run stays in its author's library; a
 * collection only names it (author, run id), and a run its author deletes leaves every collection.
 * Who sees what, by one rule (`roleSql`): the owner; then the people the owner gave a role; then,
 * for a team-visible collection, everyone signed in, as a viewer.
 */

type Store = Pick<DatabaseConnection, "db" | "blobs">;

/** Who is asking: the person's id (the library's author) and the name to show. */
export type Person = { id: string; name: string };

export type CollectionOrder = "newest" | "rating";
/** Where a page ended; its time is when the run was added (µs). */
export type CollectionCursor = RunPlaceCursor;

/**
 * The name to show for an author id: the person's, as they signed in; the open playground's one
 * person and the shared password's team by the names they go by elsewhere.
 */
export const authorNameSql = (author: SQL) => sql`coalesce(
  (SELECT p.name FROM people p WHERE p.id = ${author}),
  CASE ${author} WHEN ${OPEN_AUTHOR.id}::text THEN ${OPEN_AUTHOR.name}::text WHEN ${TEAM_AUTHOR.id}::text THEN ${TEAM_AUTHOR.name}::text ELSE ${author} END)`;

function summaryOf(row: Record<string, unknown>): CollectionSummary {
  return {
    id: String(row.id),
    name: String(row.name),
    visibility: String(row.visibility) as CollectionVisibility,
    owner: String(row.owner),
    ownerName: String(row.owner_name),
    role: String(row.role) as CollectionRole,
    runs: Number(row.runs ?? 0),
    updatedAt: new Date(String(row.updated_at)).getTime(),
    link: row.link_hash ? { expiresAt: row.link_expires_at ? new Date(String(row.link_expires_at)).getTime() : null } : null,
  };
}

/** The caller's role on a collection, in one expression (null: they may not see it). */
const roleSql = (person: string) => sql`
  CASE WHEN c.owner = ${person}::text THEN 'owner'
       ELSE coalesce(
         (SELECT m.role FROM library_collection_members m WHERE m.collection_id = c.id AND m.person = ${person}::text),
         CASE WHEN c.visibility = 'team' THEN 'viewer' END)
  END`;

const runsCount = sql`(SELECT count(*) FROM library_collection_items i
  JOIN library_runs r ON r.author = i.author AND r.id = i.run_id AND r.record IS NOT NULL
  WHERE i.collection_id = c.id)`;

/** Answers null when the person already owns the most collections one may. */
export async function createCollection(
  store: Store,
  owner: Person,
  collection: { name: string; visibility: CollectionVisibility },
  max = COLLECTIONS_PER_PERSON_MAX,
): Promise<CollectionSummary | null> {
  const id = randomBytes(9).toString("base64url");
  return store.db.transaction(async (tx) => {
    // One person's creations one at a time, so a hundred at once cannot pass the count together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`collections:${owner.id}`}::text))`);
    const [row] = rowsOf(
      await tx.execute(sql`
        INSERT INTO library_collections (id, owner, owner_name, name, visibility)
        SELECT ${id}::text, ${owner.id}::text, ${owner.name}::text, ${collection.name}::text, ${collection.visibility}::text
        WHERE (SELECT count(*) FROM library_collections WHERE owner = ${owner.id}::text) < ${max}::integer
        RETURNING id, name, visibility, owner, owner_name, updated_at, link_hash, link_expires_at, 'owner' AS role, 0 AS runs`),
    );
    return row ? summaryOf(row) : null;
  });
}

/** One collection as the person sees it, or null when it does not exist or is not theirs to see. */
export async function collectionFor(store: Store, id: string, person: string): Promise<CollectionSummary | null> {
  const [row] = rowsOf(
    await store.db.execute(sql`
      SELECT * FROM (
        SELECT c.id, c.name, c.visibility, c.owner, c.owner_name, c.updated_at, c.link_hash, c.link_expires_at,
               ${roleSql(person)} AS role, ${runsCount} AS runs
        FROM library_collections c WHERE c.id = ${id}::text
      ) seen WHERE role IS NOT NULL`),
  );
  return row ? summaryOf(row) : null;
}

/** Every collection the person may see (theirs, given to them, the team's), the latest changed first. */
export async function collectionsFor(store: Store, person: string): Promise<CollectionSummary[]> {
  const rows = rowsOf(
    await store.db.execute(sql`
      SELECT c.id, c.name, c.visibility, c.owner, c.owner_name, c.updated_at, c.link_hash, c.link_expires_at,
               ${roleSql(person)} AS role, ${runsCount} AS runs
      FROM library_collections c
      WHERE c.owner = ${person}::text
         OR c.visibility = 'team'
         OR EXISTS (SELECT 1 FROM library_collection_members m WHERE m.collection_id = c.id AND m.person = ${person}::text)
      ORDER BY c.updated_at DESC, c.id LIMIT 500`),
  );
  return rows.map(summaryOf);
}

export async function changeCollection(
  store: Store,
  id: string,
  change: { name?: string; visibility?: CollectionVisibility },
): Promise<void> {
  await store.db.execute(sql`
    UPDATE library_collections
    SET name = coalesce(${change.name ?? null}::text, name), visibility = coalesce(${change.visibility ?? null}::text, visibility),
        updated_at = now()
    WHERE id = ${id}::text`);
}

export async function deleteCollection(store: Store, id: string): Promise<void> {
  await store.db.execute(sql`DELETE FROM library_collections WHERE id = ${id}::text`);
}

/**
 * Adds runs of the person's own library to a collection (a run already on it stays once). A run
 * still on its way from the person's browser is named now and shows once it has arrived.
 */
/** What adding runs did: how many were added, or (nothing added) that they would not fit. */
export type AddedRuns = { added: number } | { full: { holds: number; adding: number; max: number } };

export async function addToCollection(
  store: Store,
  id: string,
  person: string,
  runIds: readonly string[],
  max = COLLECTION_MAX_RUNS,
): Promise<AddedRuns> {
  return store.db.transaction(async (tx) => {
    // The collection's row is held while it is counted, so adds at once never pass its most together.
    await tx.execute(sql`SELECT id FROM library_collections WHERE id = ${id}::text FOR UPDATE`);
    const [counted] = rowsOf(
      await tx.execute(sql`
        SELECT (SELECT count(*) FROM library_collection_items WHERE collection_id = ${id}::text) AS holds,
               (SELECT count(DISTINCT wanted.run_id) FROM unnest(${textArray(runIds)}) AS wanted(run_id)
                WHERE NOT EXISTS (SELECT 1 FROM library_collection_items i
                  WHERE i.collection_id = ${id}::text AND i.author = ${person}::text AND i.run_id = wanted.run_id)) AS adding`),
    );
    const holds = Number(counted?.holds ?? 0);
    const adding = Number(counted?.adding ?? 0);
    if (holds + adding > max) return { full: { holds, adding, max } };
    const added = rowsOf(
      await tx.execute(sql`
        INSERT INTO library_collection_items (collection_id, author, run_id, added_by, added_at)
        -- Runs added together are added in the order given, a microsecond apart: "newest added
        -- first" shows the last of them first (a batch's last line), not an order of their ids.
        SELECT ${id}::text, ${person}::text, wanted.run_id, ${person}::text, now() + wanted.n * interval '1 microsecond'
        FROM unnest(${textArray(runIds)}) WITH ORDINALITY AS wanted(run_id, n)
        ON CONFLICT DO NOTHING
        RETURNING run_id`),
    );
    await tx.execute(sql`UPDATE library_collections SET updated_at = now() WHERE id = ${id}::text`);
    return { added: added.length };
  });
}

export async function removeFromCollection(store: Store, id: string, runs: readonly { author: string; id: string }[]): Promise<number> {
  return store.db.transaction(async (tx) => {
    const removed = rowsOf(
      await tx.execute(sql`
        DELETE FROM library_collection_items i
        USING jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) AS gone(author text, id text)
        WHERE i.collection_id = ${id}::text AND i.author = gone.author AND i.run_id = gone.id
        RETURNING i.run_id`),
    );
    await tx.execute(sql`UPDATE library_collections SET updated_at = now() WHERE id = ${id}::text`);
    return removed.length;
  });
}

/**
 * A page of a collection's runs that still exist, newest added (or best rated) first, with their
 * files, from where the previous page ended.
 */
export async function collectionRuns(
  store: Store,
  id: string,
  options: { order: CollectionOrder; after: CollectionCursor | null; limit: number },
): Promise<{ entries: CollectionEntry[]; next: CollectionCursor | null }> {
  const { after, order } = options;
  // Microseconds, as the column holds them: runs added together share a time, and a page must not
  // end between two of them.
  const micros = sql`(extract(epoch FROM i.added_at) * 1000000)::bigint`;
  const place =
    after === null
      ? sql`TRUE`
      : order === "rating"
        ? sql`(coalesce(r.rating, 0), ${micros}, i.author, i.run_id) < (${after.rating}::integer, ${after.time}::bigint, ${after.author}::text, ${after.id}::text)`
        : sql`(${micros}, i.author, i.run_id) < (${after.time}::bigint, ${after.author}::text, ${after.id}::text)`;
  const sort =
    order === "rating"
      ? sql`coalesce(r.rating, 0) DESC, i.added_at DESC, i.author DESC, i.run_id DESC`
      : sql`i.added_at DESC, i.author DESC, i.run_id DESC`;
  const rows = rowsOf(
    await store.db.execute(sql`
      SELECT i.author, r.id, r.record, r.verdict_at, coalesce(r.rating, 0) AS rank_rating,
             ${micros} AS added_us, ${authorNameSql(sql`i.author`)} AS author_name
      FROM library_collection_items i
      JOIN library_runs r ON r.author = i.author AND r.id = i.run_id AND r.record IS NOT NULL
      WHERE i.collection_id = ${id}::text AND ${place}
      ORDER BY ${sort} LIMIT ${options.limit + 1}::integer`),
  );
  const more = rows.length > options.limit;
  const page = more ? rows.slice(0, options.limit) : rows;
  const entries = (await withFilesOfAuthors(store, page)).map((entry, index) => ({
    ...entry,
    addedAt: Math.floor(Number(page[index]?.added_us) / 1000),
  }));
  const last = page.at(-1);
  return {
    entries,
    next:
      more && last
        ? { rating: Number(last.rank_rating), time: Number(last.added_us), author: String(last.author), id: String(last.id) }
        : null,
  };
}

/** A file's bytes, only if a run on the collection names it. */
export function readCollectionFile(store: Store, id: string, hash: string): Promise<StoredBlob | null> {
  return readBlobWhere(
    store,
    hash,
    sql`EXISTS (SELECT 1 FROM library_files f JOIN library_collection_items i ON i.author = f.author AND i.run_id = f.run_id
                WHERE f.hash = b.hash AND i.collection_id = ${id}::text)`,
  );
}

export async function collectionMembers(store: Store, id: string): Promise<CollectionMember[]> {
  const rows = rowsOf(
    await store.db.execute(sql`
      SELECT m.person, m.role, coalesce(p.name, m.person) AS name FROM library_collection_members m
      LEFT JOIN people p ON p.id = m.person
      WHERE m.collection_id = ${id}::text ORDER BY name`),
  );
  return rows.map((row) => ({ person: String(row.person), name: String(row.name), role: String(row.role) as CollectionMember["role"] }));
}

/**
 * Gives a person a role on a collection, or takes it away (null). The person is named by their id
 * or by the email they sign in with; null when nobody by that name has signed in yet.
 */
/** null: nobody by that name has signed in; "full": the collection gives roles to the most people it may. */
export async function setCollectionMember(
  store: Store,
  id: string,
  person: string,
  role: "editor" | "viewer" | null,
  max = COLLECTION_MAX_MEMBERS,
): Promise<CollectionMember | "full" | null> {
  const [found] = rowsOf(
    await store.db.execute(sql`
      SELECT id, name FROM people WHERE id = ${person}::text OR lower(email) = lower(${person}::text)
      ORDER BY (id = ${person}::text) DESC LIMIT 1`),
  );
  if (!found) return null;
  const member = { person: String(found.id), name: String(found.name), role: role ?? "viewer" } as const;
  if (role === null) {
    await store.db.execute(
      sql`DELETE FROM library_collection_members WHERE collection_id = ${id}::text AND person = ${member.person}::text`,
    );
  } else {
    const [given] = rowsOf(
      await store.db.execute(sql`
        INSERT INTO library_collection_members (collection_id, person, role)
        SELECT ${id}::text, ${member.person}::text, ${role}::text
        WHERE EXISTS (SELECT 1 FROM library_collection_members WHERE collection_id = ${id}::text AND person = ${member.person}::text)
           OR (SELECT count(*) FROM library_collection_members WHERE collection_id = ${id}::text) < ${max}::integer
        ON CONFLICT (collection_id, person) DO UPDATE SET role = excluded.role
        RETURNING person`),
    );
    if (!given) return "full";
  }
  return member;
}
