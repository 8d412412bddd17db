import { describe, expect, it } from "vitest";
import { receiveBodyChunk, receivePart, wholeBody } from "./kept-bodies";

/** `size` bytes counting up from `seed` (mod 256), so any misplaced chunk shows. */
const counting = (size: number, seed = 0) => Uint8Array.from({ length: size }, (_, index) => (seed + index) % 256);

/** Sends `bytes` to the worker's store as a mirrored answer, in chunks of `size`; `end` false leaves it unfinished. */
function mirror(body: number, bytes: Uint8Array, size: number, end = true): void {
  for (let offset = 0; offset < bytes.length; offset += size)
    receiveBodyChunk({ kind: "body-chunk", body, offset, bytes: bytes.slice(offset, offset + size) });
  if (end) receiveBodyChunk({ kind: "body-end", body, size: bytes.length });
}

describe("answers kept in the answer worker", () => {
  it("puts a mirrored answer together chunk by chunk, past its first room", () => {
    const answer = counting(3 * 1024 * 1024 + 17, 5);
    mirror(101, answer, 64 * 1024 + 3);
    const whole = wholeBody(101);
    expect(whole?.length).toBe(answer.length);
    expect(Buffer.from(whole ?? []).equals(Buffer.from(answer))).toBe(true);
  });

  it("holds back an answer until its end arrives", () => {
    mirror(102, counting(1000), 100, false);
    expect(wholeBody(102)).toBeNull();
    receiveBodyChunk({ kind: "body-end", body: 102, size: 1000 });
    expect(wholeBody(102)?.length).toBe(1000);
  });

  it("lets go of an answer that broke off, or whose end does not match what came", () => {
    mirror(103, counting(500), 100, false);
    receiveBodyChunk({ kind: "body-drop", body: 103 });
    expect(wholeBody(103)).toBeNull();
    mirror(104, counting(500), 100, false);
    receiveBodyChunk({ kind: "body-end", body: 104, size: 600 });
    expect(wholeBody(104)).toBeNull();
  });

  it("keeps the two newest answers, and ignores the rest of one let go meanwhile", () => {
    mirror(105, counting(300), 100, false);
    mirror(106, counting(300), 300);
    mirror(107, counting(300), 300);
    // 105 was let go for the newer two: its last chunk and its end do not bring it back in part.
    receiveBodyChunk({ kind: "body-chunk", body: 105, offset: 300, bytes: counting(100) });
    receiveBodyChunk({ kind: "body-end", body: 105, size: 400 });
    expect(wholeBody(105)).toBeNull();
    expect(wholeBody(106)?.length).toBe(300);
    expect(wholeBody(107)?.length).toBe(300);
  });

  it("still takes an answer sent in parts of a known whole once it was read", () => {
    const answer = counting(1000, 9);
    receivePart({ kind: "part", body: 108, size: 1000, offset: 0, bytes: answer.slice(0, 600) });
    expect(wholeBody(108)).toBeNull();
    receivePart({ kind: "part", body: 108, size: 1000, offset: 600, bytes: answer.slice(600) });
    expect(Buffer.from(wholeBody(108) ?? []).equals(Buffer.from(answer))).toBe(true);
  });
});
