import { byteArrayImage, indexKeyedBytes } from "@/lib/answer/byte-encodings";
import { formatCount } from "@/lib/utils/format-count";
import { replaceInTree } from "@/lib/answer/replace-in-tree";

/**
 * Long arrays of byte values that hold a picture, replaced in the parsed answer by one line that
 * says so. Handing millions of numbers to the page would cost it longer than any other step, and
 * its raw view would only show a wall of digits; the picture itself is shown (and linked to this
 * node) from the bytes the worker already decoded.
 */

const WORTH_SUMMARIZING = 4096;

function summaryOf(value: unknown): string | null {
  const values = Array.isArray(value) ? value : typeof value === "object" && value !== null ? indexKeyedBytes(Object.entries(value)) : null;
  if (!values || values.length < WORTH_SUMMARIZING) return null;
  const image = byteArrayImage(values);
  return image ? `(${formatCount(values.length)} byte values: the ${image.mime} picture shown above)` : null;
}

export function summarizeByteArrays(root: unknown): unknown {
  return replaceInTree(root, (value) => summaryOf(value) ?? undefined);
}
