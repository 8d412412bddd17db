import { parseAspectRatio } from "./aspect-ratio";

/**
 * Each field's plain checks, without zod: the first screen counts the prompt and normalises the
 * ratio as someone types, and the schema (loaded only when a request is validated) builds on them.
 */

export const DEFAULT_PROMPT_MAX_CHARS = 4000;
export const MODEL_MAX_CHARS = 200;

/** Characters as a person counts them (code points), not UTF-16 units. */
export function countCharacters(text: string): number {
  return Array.from(text).length;
}

/** Longer than any ratio written with spaces; a longer text is refused before any pattern reads it. */
export const ASPECT_RATIO_MAX_CHARS = 32;

/**
 * Spaces around the parts are forgiven (" 16 : 9 " means 16:9); anything else is explained. Plain
 * string steps, not a pattern: `\s*:\s*` tried at every position of a long run of spaces is quadratic.
 */
export function normaliseAspectRatioText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length > ASPECT_RATIO_MAX_CHARS) return trimmed;
  const colon = trimmed.indexOf(":");
  if (colon === -1) return trimmed;
  return `${trimmed.slice(0, colon).trimEnd()}:${trimmed.slice(colon + 1).trimStart()}`;
}

export function explainAspectRatioProblem(text: string): string | null {
  if (text === "") return "Enter an aspect ratio such as 16:9.";
  if (text.length > ASPECT_RATIO_MAX_CHARS) return "Write the ratio as width:height, e.g. 16:9.";
  if (parseAspectRatio(text)) return null;
  if (/^\d+\s*[xX×*/]\s*\d+$/.test(text)) return "Use a colon between width and height, e.g. 16:9.";
  const parts = text.split(":");
  if (parts.length !== 2) return "Write the ratio as width:height, e.g. 16:9.";
  const [width = "", height = ""] = parts;
  if (width === "" || height === "") return "Give both a width and a height, e.g. 16:9.";
  if (!/^[+-]?\d+$/.test(width) || !/^[+-]?\d+$/.test(height)) {
    return "Width and height must be whole numbers, e.g. 16:9.";
  }
  if (/^\d{6,}$/.test(width.replace(/^0+/, "")) || /^\d{6,}$/.test(height.replace(/^0+/, ""))) {
    return "Width and height can have at most 5 digits.";
  }
  return "Width and height must be positive whole numbers (at least 1), e.g. 16:9.";
}
