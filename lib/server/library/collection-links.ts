import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { rowsOf } from "@/lib/server/database/result-rows";
import type { CollectionSummary } from "@/lib/library/collection-types";
import { collectionFor } from "./collection-store";

/**
 * A collection's link for people outside it, by the share pages' rules: read-only, a lifetime the
 * owner chooses (never, 1, 7 or 30 days), one link at a time (a new one replaces it), stopped at
 * will, and past its expiry refused in plain words. Only the link's SHA-256 is kept.
 */

type Store = Pick<DatabaseConnection, "db" | "blobs">;

const TOKEN = /^[A-Za-z0-9_-]{24}$/;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export async function makeCollectionLink(
  store: Store,
  id: string,
  days: number | null,
): Promise<{ token: string; expiresAt: number | null }> {
  const token = randomBytes(18).toString("base64url");
  const expiresAt = days === null ? null : Date.now() + days * 24 * 60 * 60 * 1000;
  await store.db.execute(sql`
    UPDATE library_collections
    SET link_hash = ${hashOf(token)}::text,
        link_expires_at = ${expiresAt === null ? null : new Date(expiresAt).toISOString()}::timestamptz
    WHERE id = ${id}::text`);
  return { token, expiresAt };
}

export async function stopCollectionLink(store: Store, id: string): Promise<void> {
  await store.db.execute(sql`UPDATE library_collections SET link_hash = NULL, link_expires_at = NULL WHERE id = ${id}::text`);
}

export type LinkLookup = { state: "found"; collection: CollectionSummary } | { state: "expired" } | { state: "missing" };

/** The collection this link opens, as a viewer sees it; "expired" past its lifetime; "missing" for any other link. */
export async function collectionByLink(store: Store, id: string, token: string): Promise<LinkLookup> {
  if (!TOKEN.test(token)) return { state: "missing" };
  const [row] = rowsOf(
    await store.db.execute(sql`
      SELECT owner, link_expires_at IS NOT NULL AND link_expires_at <= now() AS expired FROM library_collections
      WHERE id = ${id}::text AND link_hash = ${hashOf(token)}::text`),
  );
  if (!row) return { state: "missing" };
  if (row.expired) return { state: "expired" };
  // Seen as the collection's owner would list it, with the role a link gives: viewer.
  const collection = await collectionFor(store, id, String(row.owner));
  return collection ? { state: "found", collection: { ...collection, role: "viewer" } } : { state: "missing" };
}
