import type { CollectionEntry, CollectionMember, CollectionSummary, CollectionVisibility } from "@/lib/library/collection-types";
import type { LibraryEntry } from "@/lib/library/library-types";
import { call, libraryFileUrl, sendJson, type CallResult } from "./library-client";

/** The browser's calls to the collection routes; each settles to a tagged result, as the library's do. */

const base = (id: string) => `/api/collections/${encodeURIComponent(id)}`;

export function listCollections(): Promise<CallResult<CollectionSummary[]>> {
  return call("/api/collections", {}, async (response) => ((await response.json()) as { collections: CollectionSummary[] }).collections);
}

export function createCollection(name: string, visibility: CollectionVisibility): Promise<CallResult<CollectionSummary>> {
  return call(
    "/api/collections",
    sendJson("POST", { name, visibility }),
    async (response) => ((await response.json()) as { collection: CollectionSummary }).collection,
  );
}

export function readCollection(id: string): Promise<CallResult<{ collection: CollectionSummary; members: CollectionMember[] }>> {
  return call(base(id), {}, async (response) => (await response.json()) as { collection: CollectionSummary; members: CollectionMember[] });
}

export function changeCollection(id: string, change: { name?: string; visibility?: CollectionVisibility }): Promise<CallResult<unknown>> {
  return call(base(id), sendJson("PATCH", change), (response) => response.json());
}

export function deleteCollection(id: string): Promise<CallResult<unknown>> {
  return call(base(id), { method: "DELETE" }, (response) => response.json());
}

/** A page of the collection's runs; `link`: read through a link for people outside it. */
export function collectionRuns(
  id: string,
  order: "newest" | "rating",
  after: string | null,
  options: { signal?: AbortSignal; link?: string | null } = {},
): Promise<CallResult<{ entries: CollectionEntry[]; next: string | null }>> {
  const { signal, link } = options;
  const query = new URLSearchParams({ order });
  if (after) query.set("after", after);
  if (link) query.set("link", link);
  return call(
    `${base(id)}/runs?${query}`,
    { signal },
    async (response) => (await response.json()) as { entries: CollectionEntry[]; next: string | null },
  );
}

/** Adds runs of one's own library (by id). */
export function addToCollection(id: string, runIds: readonly string[]): Promise<CallResult<number>> {
  return call(`${base(id)}/runs`, sendJson("POST", { runIds }), async (response) =>
    Number(((await response.json()) as { added: unknown }).added),
  );
}

export function removeFromCollection(id: string, runs: readonly { author: string; id: string }[]): Promise<CallResult<number>> {
  return call(`${base(id)}/runs`, sendJson("DELETE", { runs }), async (response) =>
    Number(((await response.json()) as { removed: unknown }).removed),
  );
}

export function setCollectionMember(id: string, person: string, role: "editor" | "viewer" | null): Promise<CallResult<CollectionMember[]>> {
  return call(
    `${base(id)}/members`,
    sendJson("PUT", { person, role }),
    async (response) => ((await response.json()) as { members: CollectionMember[] }).members,
  );
}

/** A file of a run on the collection (named by its content: cached by the browser), through a link when given. */
export const collectionFileUrl =
  (id: string, link: string | null = null) =>
  (file: { hash: string; name: string }) =>
    `${base(id)}/files/${file.hash}/${encodeURIComponent(file.name)}${link ? `?link=${encodeURIComponent(link)}` : ""}`;

/** Makes the collection's link for people outside it (replacing any): its path and when it expires. */
export function makeCollectionLink(id: string, days: 1 | 7 | 30 | null): Promise<CallResult<{ path: string; expiresAt: number | null }>> {
  return call(
    `${base(id)}/link`,
    sendJson("POST", { days }),
    async (response) => (await response.json()) as { path: string; expiresAt: number | null },
  );
}

export function stopCollectionLink(id: string): Promise<CallResult<unknown>> {
  return call(`${base(id)}/link`, { method: "DELETE" }, (response) => response.json());
}

/** Where a found run's files are read: through the collection that holds it (Team view), else one's own library. */
export const fileUrlOf = (entry: Pick<LibraryEntry, "collectionId">) =>
  entry.collectionId ? collectionFileUrl(entry.collectionId) : libraryFileUrl;
