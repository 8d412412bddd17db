import { collectionArenaSessionSchema, type CollectionArenaSession } from "@/lib/arena/collection-arena";

/**
 * The arena over a collection, kept in this browser (one per collection): a reload, or coming back
 * another day, goes on where the judge stopped.
 */

const keyOf = (collection: string) => `image-playground:collection-arena:${collection}`;

/** Parsed, not trusted: storage may hold anything (an older version, another page's key). */
export function loadCollectionArena(collection: string): CollectionArenaSession | null {
  try {
    const parsed = collectionArenaSessionSchema.safeParse(JSON.parse(window.localStorage.getItem(keyOf(collection)) ?? "null"));
    return parsed.success && parsed.data.collection === collection ? parsed.data : null;
  } catch {
    return null; // storage blocked or not JSON: a new arena
  }
}

/** Answers false when the browser refused to keep it (private window, quota). */
export function storeCollectionArena(session: CollectionArenaSession): boolean {
  try {
    window.localStorage.setItem(keyOf(session.collection), JSON.stringify(session));
    return true;
  } catch {
    return false;
  }
}
