import { replaceInTree } from "./replace-in-tree";

/**
 * A string of an answer too long to hand to the page whole (a picture's base64, a long text body):
 * the answer worker keeps its beginning as text and the whole as a Blob. A 64 MB string copied into
 * the page's memory held it for 400 ms; a Blob crosses by reference, and is read only when the
 * person asks for all of it (copy). The tree shows the beginning, as it does for any long string.
 */

export type LongText = { kind: "long-text"; head: string; length: number; whole: Blob };

/** Shorter strings cross whole: copying them costs the page less than a millisecond or two. */
export const LONG_TEXT_MIN_CHARS = 256 * 1024;
/** What the page can show of it (the tree shows at most this much of any string, expanded). */
export const LONG_TEXT_HEAD_CHARS = 200_000;

export function isLongText(value: unknown): value is LongText {
  // A parsed answer never holds a Blob, so no answer can pass for one of these.
  return typeof value === "object" && value !== null && (value as Partial<LongText>).whole instanceof Blob;
}

export function longTextOf(text: string): LongText {
  return { kind: "long-text", head: text.slice(0, LONG_TEXT_HEAD_CHARS), length: text.length, whole: new Blob([text]) };
}

/** The whole text, read back from its Blob when it was cut. */
export function wholeText(value: string | LongText): Promise<string> {
  return typeof value === "string" ? Promise.resolve(value) : value.whole.text();
}

/** JSON held in a string is shown as a tree of its own, so it is never cut. */
const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);

/** Every long string of a parsed answer replaced by a LongText, in place. */
export function cutLongStrings(root: unknown): unknown {
  return replaceInTree(root, (value) =>
    typeof value === "string" && value.length >= LONG_TEXT_MIN_CHARS && !looksLikeJson(value) ? longTextOf(value) : undefined,
  );
}

/** The cut strings inside a value of the tree. */
export function longTextsIn(root: unknown): LongText[] {
  const found: LongText[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (isLongText(value)) found.push(value);
    else if (typeof value === "object" && value !== null) for (const child of Object.values(value)) stack.push(child);
  }
  return found;
}
