import { yieldToPage } from "./yield-to-page";

/**
 * Large byte copies on the page, a slice per task. What a copy costs is mostly the first touch of
 * fresh memory (the system mapping each page in), not moving the bytes: 64 MB written into new
 * memory took over 200 ms in one task on a machine where rewriting it took 3 ms. In slices of a
 * few megabytes, each task stays far below the 50 ms of a long task and the page keeps painting.
 */

export const SLICE_BYTES = 4 * 1024 * 1024;

/** The chunks of an answer put end to end, yielding to the page between slices. */
export async function joinInSlices(chunks: readonly Uint8Array[], size: number): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  let sinceYield = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
    sinceYield += chunk.byteLength;
    if (sinceYield >= SLICE_BYTES && offset < size) {
      sinceYield = 0;
      await yieldToPage();
    }
  }
  return bytes;
}

/** Where each slice of `size` bytes starts and ends, in order. */
export function* sliceBounds(size: number): Generator<{ start: number; end: number }> {
  for (let start = 0; start < size; start += SLICE_BYTES) yield { start, end: Math.min(size, start + SLICE_BYTES) };
}
