import { formatAspectRatio, parseAspectRatio } from "./aspect-ratio";

/**
 * A presenter's script: prepared prompts, one per line, each optionally followed by a model and a
 * ratio after "|" in either order ("a fox in snow | demo-watercolor | 16:9"). Blank lines and lines
 * starting with "#" are notes to oneself and are skipped.
 */

export type ScriptItem = { prompt: string; model?: string; aspect_ratio?: string };

export const MAX_SCRIPT_ITEMS = 100;

export type ParsedScript = { ok: true; items: ScriptItem[] } | { ok: false; message: string };

export function parseScript(text: string): ParsedScript {
  const items: ScriptItem[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#")) continue;
    const [prompt = "", ...fields] = trimmed.split("|").map((part) => part.trim());
    if (prompt === "") return { ok: false, message: `Line ${index + 1} has no prompt before its first "|".` };
    const item: ScriptItem = { prompt };
    for (const field of fields) {
      if (field === "") continue;
      const ratio = parseAspectRatio(field);
      if (ratio) {
        if (item.aspect_ratio) return { ok: false, message: `Line ${index + 1} names two aspect ratios.` };
        item.aspect_ratio = formatAspectRatio(ratio);
      } else {
        if (item.model) return { ok: false, message: `Line ${index + 1} names two models ("${item.model}" and "${field}").` };
        item.model = field;
      }
    }
    items.push(item);
  }
  if (items.length === 0) return { ok: false, message: "The script has no prompt: write one per line." };
  if (items.length > MAX_SCRIPT_ITEMS)
    return { ok: false, message: `A script holds at most ${MAX_SCRIPT_ITEMS} prompts; this one has ${items.length}.` };
  return { ok: true, items };
}

/** The script's text again, one item per line, as parseScript reads it. */
export function formatScript(items: readonly ScriptItem[]): string {
  return items
    .map((item) => [oneLine(item.prompt), item.model, item.aspect_ratio].filter((part): part is string => Boolean(part)).join(" | "))
    .join("\n");
}

/** A saved prompt spanning lines becomes one script line; "|" would start a field, so it becomes "/". */
export function oneLine(text: string): string {
  return text
    .replace(/\s*\r?\n\s*/g, " ")
    .replaceAll("|", "/")
    .trim();
}
