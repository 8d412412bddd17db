import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LiteralSearch, type Span } from "./literal-search";

/** Every occurrence of every needle, the slow sure way. */
function naive(data: Buffer, needles: Buffer[]): Span[] {
  const spans: Span[] = [];
  for (const needle of needles) {
    for (let start = 0; start + needle.length <= data.length; start++) {
      if (data.compare(needle, 0, needle.length, start, start + needle.length) === 0) spans.push([start, start + needle.length]);
    }
  }
  return sorted(spans);
}

function sorted(spans: Span[]): Span[] {
  return [...spans].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

const key = Buffer.from("sk-live-0123456789abcdef");
const needles = [
  key,
  Buffer.from(key.toString("base64").slice(0, 30)),
  Buffer.from(
    Buffer.concat([Buffer.alloc(1), key])
      .toString("base64")
      .slice(2, 30),
  ),
];

describe("LiteralSearch", () => {
  it("finds each needle at every position of a buffer, first and last bytes included", () => {
    const search = new LiteralSearch(needles);
    for (const needle of needles) {
      for (let at = 0; at <= 80; at++) {
        const data = Buffer.concat([Buffer.from("x".repeat(at)), needle, Buffer.from("y".repeat(80 - at))]);
        expect(sorted(search.find(data))).toEqual([[at, at + needle.length]]);
      }
    }
  });

  it("finds what a naive search finds in random base64 with needles planted, overlapping and side by side", () => {
    const search = new LiteralSearch(needles);
    for (let round = 0; round < 20; round++) {
      const parts: Buffer[] = [];
      for (let part = 0; part < 30; part++) {
        parts.push(Buffer.from(randomBytes(1 + Math.floor(Math.random() * 200)).toString("base64")));
        const needle = needles[Math.floor(Math.random() * needles.length)]!;
        // Now and then a needle cut short, or two glued together.
        const roll = Math.random();
        parts.push(roll < 0.2 ? needle.subarray(0, needle.length - 1) : roll < 0.4 ? Buffer.concat([needle, needle]) : needle);
      }
      const data = Buffer.concat(parts);
      expect(sorted(search.find(data))).toEqual(naive(data, needles));
    }
  });

  it("finds overlapping occurrences of a needle that overlaps itself", () => {
    const repeated = Buffer.from("abababababababab");
    const search = new LiteralSearch([repeated, Buffer.from("zzzzzzzzzzzzzzzz")]);
    const data = Buffer.from(`..${"ab".repeat(12)}..`);
    expect(sorted(search.find(data))).toEqual(naive(data, [repeated]));
  });

  it("falls back to plain searches for short needles and finds the same", () => {
    const short = [Buffer.from("key"), Buffer.from("secret-9")];
    const search = new LiteralSearch(short);
    const data = Buffer.from("a key, a secret-9, keykey secret-");
    expect(sorted(search.find(data))).toEqual(naive(data, short));
  });

  it("finds nothing in data shorter than its window or without the needles", () => {
    const search = new LiteralSearch(needles);
    expect(search.find(Buffer.from("ab"))).toEqual([]);
    expect(search.find(Buffer.alloc(0))).toEqual([]);
    expect(search.find(Buffer.from(randomBytes(100_000).toString("hex")))).toEqual([]);
  });
});
