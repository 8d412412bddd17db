import { afterAll, describe, expect, it, vi } from "vitest";

// The engine's own base64 codec, as recent browsers have it (Node 20 has none), installed before
// the modules below read it.
const uninstall = await vi.hoisted(async () => (await import("@/test-support/native-base64")).installNativeBase64());
afterAll(() => uninstall());

import { interpretAnswer } from "@/lib/answer/interpret-answer";
import { isLongText, LONG_TEXT_MIN_CHARS, wholeText } from "@/lib/answer/long-text";
import { noisePng } from "@/test-support/fake-service/bench-payloads";
import { withBlobSources } from "./blob-sources";
import { zipSync } from "fflate";

const picture = noisePng(LONG_TEXT_MIN_CHARS);
const base64 = picture.toString("base64");

function readInWorker(answer: unknown) {
  const bytes = new Uint8Array(Buffer.from(JSON.stringify(answer)));
  const read = withBlobSources(interpretAnswer(bytes, "application/json"));
  const body = read.body.kind === "json" ? (read.body.value as { data: { b64_json: unknown }[] }) : null;
  return { read, cut: body?.data[0]?.b64_json };
}

describe("withBlobSources", () => {
  it("keeps a long picture's base64 in the tree as the picture's own bytes, and gives the exact text back", async () => {
    const { read, cut } = readInWorker({ data: [{ b64_json: base64 }] });
    const [image] = read.images;
    expect(image?.source.kind).toBe("blob");
    if (!isLongText(cut) || image?.source.kind !== "blob") throw new Error("expected a cut text and a picture");
    expect(cut.encoding).toBe("base64");
    expect(cut.whole).toBe(image.source.blob);
    expect(cut.length).toBe(base64.length);
    expect(await wholeText(cut)).toBe(base64);
  });

  it("keeps the text itself when it is not exactly the picture's standard base64", async () => {
    const unpadded = base64.replace(/=+$/, "");
    const urlSafe = base64.replace(/\+/g, "-").replace(/\//g, "_");
    for (const text of [unpadded, urlSafe]) {
      if (text === base64) continue;
      const { read, cut } = readInWorker({ data: [{ b64_json: text }] });
      expect(read.images[0]?.source.kind).toBe("blob");
      if (!isLongText(cut)) throw new Error("expected a cut text");
      expect(cut.encoding).toBeUndefined();
      expect(await wholeText(cut)).toBe(text);
    }
  });

  it("gives each picture of a zip, stored or deflated, a Blob of exactly its own bytes", async () => {
    const first = new Uint8Array(noisePng(4096));
    const second = new Uint8Array(noisePng(2048));
    const archive = zipSync({
      "1.png": [first, { level: 0 }],
      "2.png": [second, { level: 0 }],
      "3.png": [first, { level: 6 }],
      "4.png": [second, { level: 6 }],
    });
    const read = withBlobSources(interpretAnswer(archive, "application/zip"));
    const blobs = read.images.map((image) => (image.source.kind === "blob" ? image.source.blob : null));
    expect(blobs.map((blob) => blob?.type)).toEqual(["image/png", "image/png", "image/png", "image/png"]);
    const bytes = await Promise.all(blobs.map(async (blob) => new Uint8Array(await (blob as Blob).arrayBuffer())));
    expect(bytes).toEqual([first, second, first, second]);
  });
});
