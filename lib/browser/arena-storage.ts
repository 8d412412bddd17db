import "@/lib/request/zod-setup";
import * as z from "zod/mini";
import { arenaSessionSchema, type ArenaSession } from "@/lib/arena/arena-session";

/**
 * Arena sessions kept in this browser (votes are small: a session of 200 pairs is a few KB), so a
 * reload goes on where the judge stopped and earlier sessions can be resumed or exported.
 */

const KEY = "image-playground:arena-sessions";
/** The most recent sessions kept; older ones are dropped when a new one starts. */
export const ARENA_SESSIONS_KEPT = 30;

const storedSchema = z.object({ current: z.nullable(z.string()), sessions: z.array(arenaSessionSchema) });
export type StoredArenas = z.infer<typeof storedSchema>;

const EMPTY: StoredArenas = { current: null, sessions: [] };

/** Parsed, not trusted: storage may hold anything (an older version, another page's key). */
export function loadArenas(): StoredArenas {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(window.localStorage.getItem(KEY) ?? "null"));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY; // storage blocked or not JSON: start with no sessions
  }
}

/** Answers false when the browser refused to keep them (private window, quota). */
export function storeArenas(arenas: { current: string | null; sessions: readonly ArenaSession[] }): boolean {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ current: arenas.current, sessions: arenas.sessions.slice(0, ARENA_SESSIONS_KEPT) }));
    return true;
  } catch {
    return false;
  }
}
