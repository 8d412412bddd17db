import { describe, expect, it } from "vitest";
import { encodePng } from "@/lib/node/png-encoder";
import { TEXT_BASE64 } from "@/test-support/sample-images";
import { MIN_PACKED_BASE64_CHARS, packJsonBody, unpackBody } from "./answer-packing";
import { encodeBase64 } from "./base64-encode";

// Noise so the PNG does not compress below the packing threshold.
let seed = 12345;
const pixels = Uint8Array.from({ length: 64 * 64 * 3 }, () => (seed = (seed * 1103515245 + 12345) % 2147483648) >> 23);
const LARGE_PNG = encodePng(64, 64, pixels).toString("base64");
const encode = (text: string) => new TextEncoder().encode(text);

describe("packJsonBody / unpackBody", () => {
  it("takes large base64 and data URI images out of the text and rebuilds the bytes exactly", async () => {
    expect(LARGE_PNG.length).toBeGreaterThan(MIN_PACKED_BASE64_CHARS);
    const original = encode(
      `\uFEFF{ "data": [ {"b64_json":"${LARGE_PNG}"}, {"url": "data:image/png;base64,${LARGE_PNG}"} ],\n "note": "é" }`,
    );
    const packed = await packJsonBody(original);
    expect(packed?.images.map((image) => [image.prefix, image.mime])).toEqual([
      ["", "image/png"],
      ["data:image/png;base64,", "image/png"],
    ]);
    expect(packed?.text.length).toBeLessThan(200);
    expect(packed?.text).not.toContain(LARGE_PNG.slice(0, 40));
    const rebuilt = unpackBody(packed?.text ?? "", packed?.images ?? []);
    expect(Buffer.from(rebuilt).equals(Buffer.from(original))).toBe(true);
  });

  it("leaves small images, non-images and base64 that would not re-encode identically in the text", async () => {
    const notImage = TEXT_BASE64.repeat(200);
    const unpadded = LARGE_PNG.replace(/=+$/, "");
    const cases = [`{"small":"${LARGE_PNG.slice(0, 100)}"}`, `{"text":"${notImage}"}`];
    if (unpadded !== LARGE_PNG) cases.push(`{"unpadded":"${unpadded}"}`);
    for (const body of cases) expect(await packJsonBody(encode(body))).toBeNull();
    // Stray bits before the padding decode the same but would not re-encode to this text.
    const padded = LARGE_PNG.endsWith("=") ? LARGE_PNG : null;
    if (padded) {
      const end = padded.replace(/=+$/, "");
      const stray = end.slice(0, -1) + String.fromCharCode(end.charCodeAt(end.length - 1) + 1) + padded.slice(end.length);
      expect(await packJsonBody(encode(`{"stray":"${stray}"}`))).toBeNull();
    }
  });

  it("packs nothing from a body that is not JSON", async () => {
    expect(await packJsonBody(encode(`not json "${LARGE_PNG}"`))).toBeNull();
    expect(await packJsonBody(new Uint8Array([0xff, 0xfe, 0x00]))).toBeNull();
  });

  it("encodes base64 the same way Node does, across chunk boundaries", () => {
    const bytes = Uint8Array.from({ length: 3 * 8192 * 2 + 5 }, (_, index) => index % 256);
    expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });
});
