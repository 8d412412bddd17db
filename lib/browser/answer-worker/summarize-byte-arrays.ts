import { byteArrayImage, indexKeyedBytes } from "@/lib/answer/byte-encodings";
import { formatCount } from "@/lib/utils/format-count";

/**
 * Long arrays of byte values that hold a picture, replaced in the parsed answer by one line that
 * says so. Handing millions of numbers to the page would cost it longer than any other step, and
 * its raw view would only show a wall of digits; the picture itself is shown (and linked to this
 * node) from the bytes the worker already decoded.
 */

const WORTH_SUMMARIZING = 4096;

type Container = Record<string, unknown> | unknown[];

function summaryOf(value: unknown): string | null {
  const values = Array.isArray(value) ? value : typeof value === "object" && value !== null ? indexKeyedBytes(Object.entries(value)) : null;
  if (!values || values.length < WORTH_SUMMARIZING) return null;
  const image = byteArrayImage(values);
  return image ? `(${formatCount(values.length)} byte values: the ${image.mime} picture shown above)` : null;
}

export function summarizeByteArrays(root: unknown): unknown {
  const rootSummary = summaryOf(root);
  if (rootSummary) return rootSummary;
  const stack: Container[] = typeof root === "object" && root !== null ? [root as Container] : [];
  while (stack.length > 0) {
    const container = stack.pop() as Container;
    const keys: (string | number)[] = Array.isArray(container) ? container.map((_, index) => index) : Object.keys(container);
    for (const key of keys) {
      const child = (container as Record<string | number, unknown>)[key];
      if (typeof child !== "object" || child === null) continue;
      const summary = summaryOf(child);
      if (summary) (container as Record<string | number, unknown>)[key] = summary;
      else stack.push(child as Container);
    }
  }
  return root;
}
