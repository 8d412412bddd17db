import { replaceInTree } from "./replace-in-tree";

/**
 * A string of an answer too long to hand to the page whole (a picture's base64, a long text body):
 * the answer worker keeps its beginning as text and the whole as a Blob. A 64 MB string copied into
 * the page's memory held it for 400 ms; a Blob crosses by reference, and is read only when the
 * person asks for all of it (copy). The tree shows the beginning, as it does for any long string.
 */

export type LongText = {
  kind: "long-text";
  head: string;
  length: number;
  whole: Blob;
  /**
   * "base64": `whole` holds the bytes whose standard base64 is the text (a picture's, decoded
   * already for display), encoded again only when the whole is asked for. Making a Blob of a 5 MB
   * string costs about 60 ms in Chromium; checking that the picture's bytes encode back to it, 5.
   */
  encoding?: "base64";
};

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

type BytesToBase64 = (this: Uint8Array) => string;
/** The engine's own encoder where it has one (recent browsers); without it, texts stay Blobs of text. */
const nativeToBase64 = (Uint8Array.prototype as unknown as { toBase64?: BytesToBase64 }).toBase64;

/**
 * A long text known to be exactly the standard base64 of the bytes held as `blob` (see
 * decodeBase64Exactly), kept as those bytes; null where the page could not give the text back.
 */
export function longBase64Of(text: string, blob: Blob): LongText | null {
  if (!nativeToBase64 || text.length < LONG_TEXT_MIN_CHARS) return null;
  return { kind: "long-text", head: text.slice(0, LONG_TEXT_HEAD_CHARS), length: text.length, whole: blob, encoding: "base64" };
}

/** The whole text, read back from its Blob when it was cut. */
export async function wholeText(value: string | LongText): Promise<string> {
  if (typeof value === "string") return value;
  if (value.encoding === "base64" && nativeToBase64) return nativeToBase64.call(new Uint8Array(await value.whole.arrayBuffer()));
  return value.whole.text();
}

/** JSON held in a string is shown as a tree of its own, so it is never cut. */
const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);

/**
 * Every long string of a parsed answer replaced by a LongText, in place; `known` may give one for a
 * string it already holds in another form (a picture's base64, see longBase64Of).
 */
export function cutLongStrings(root: unknown, known: (text: string) => LongText | null = () => null): unknown {
  return replaceInTree(root, (value) =>
    typeof value === "string" && value.length >= LONG_TEXT_MIN_CHARS && !looksLikeJson(value)
      ? (known(value) ?? longTextOf(value))
      : undefined,
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
