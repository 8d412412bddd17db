import type { ScriptItem } from "@/lib/request/presenter-script";

/**
 * The presenter's script and where they are in it, kept in this browser so that a reload in front
 * of the room comes back at the same prompt.
 */

export type StoredScript = { items: ScriptItem[]; position: number };

const KEY = "image-playground:presenter-script";

function isScriptItem(value: unknown): value is ScriptItem {
  if (!value || typeof value !== "object") return false;
  const { prompt, model, aspect_ratio } = value as Record<string, unknown>;
  return (
    typeof prompt === "string" &&
    (model === undefined || typeof model === "string") &&
    (aspect_ratio === undefined || typeof aspect_ratio === "string")
  );
}

export function loadStoredScript(): StoredScript | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? "null");
    if (!parsed || typeof parsed !== "object") return null;
    const { items, position } = parsed as Record<string, unknown>;
    if (!Array.isArray(items) || items.length === 0 || !items.every(isScriptItem) || typeof position !== "number") return null;
    return { items, position: Math.min(Math.max(0, Math.trunc(position)), items.length - 1) };
  } catch {
    return null; // storage blocked or a value from elsewhere: start without a script
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
