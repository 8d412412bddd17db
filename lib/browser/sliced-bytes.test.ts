import { describe, expect, it } from "vitest";
import { joinInSlices, SLICE_BYTES, sliceBounds } from "./sliced-bytes";

describe("byte copies in slices", () => {
  it("puts chunks end to end across slices", async () => {
    const chunks = Array.from({ length: 40 }, (_, index) => new Uint8Array(SLICE_BYTES / 8 + index).fill(index));
    const size = chunks.reduce((total, chunk) => total + chunk.byteLength, 0);
    const joined = await joinInSlices(chunks, size);
    expect(joined.length).toBe(size);
    let offset = 0;
    for (const [index, chunk] of chunks.entries()) {
      expect(joined[offset]).toBe(index);
      expect(joined[offset + chunk.byteLength - 1]).toBe(index);
      offset += chunk.byteLength;
    }
  });

  it("bounds cover every byte once", () => {
    const size = SLICE_BYTES * 2 + 5;
    expect([...sliceBounds(size)]).toEqual([
      { start: 0, end: SLICE_BYTES },
      { start: SLICE_BYTES, end: SLICE_BYTES * 2 },
      { start: SLICE_BYTES * 2, end: size },
    ]);
    expect([...sliceBounds(0)]).toEqual([]);
  });
});
