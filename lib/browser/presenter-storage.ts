import "@/lib/request/zod-setup";
import * as z from "zod/mini";
import type { ScriptItem } from "@/lib/request/presenter-script";

/**
 * The presenter's script and where they are in it, kept in this browser so that a reload in front
 * of the room comes back at the same prompt.
 */

export type StoredScript = { items: ScriptItem[]; position: number };

const KEY = "image-playground:presenter-script";

/** Parsed, not trusted: storage may hold anything (an older version, another page's key). */
const storedScriptSchema = z.object({
  items: z
    .array(z.object({ prompt: z.string(), model: z.optional(z.string()), aspect_ratio: z.optional(z.string()) }))
    .check(z.minLength(1)),
  position: z.int(),
});

export function loadStoredScript(): StoredScript | null {
  try {
    const parsed = storedScriptSchema.safeParse(JSON.parse(window.localStorage.getItem(KEY) ?? "null"));
    if (!parsed.success) return null;
    const { items, position } = parsed.data;
    return { items, position: Math.min(Math.max(0, position), items.length - 1) };
  } catch {
    return null; // storage blocked or not JSON: start without a script
  }
}

export function storeScript(script: StoredScript | null): void {
  try {
    if (script) window.localStorage.setItem(KEY, JSON.stringify(script));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private window, quota): the script still works until the page reloads.
  }
}
