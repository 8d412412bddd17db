import { afterAll, describe, expect, it, vi } from "vitest";

// The engine's own base64 codec, as recent browsers have it (Node 20 has none), installed before
// the module below reads it.
const uninstall = await vi.hoisted(async () => (await import("@/test-support/native-base64")).installNativeBase64());
afterAll(() => uninstall());

import { decodeBase64Exactly } from "./image-signature";

const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253, 254, 255, 65]);
const standard = Buffer.from(bytes).toString("base64");

describe("decodeBase64Exactly", () => {
  it("says a text is exact only when it is what an encoder writes for its bytes", () => {
    expect(decodeBase64Exactly(standard)).toEqual({ bytes, exact: true });
    const inexact = [
      standard.replace(/=+$/, ""), // padding left out
      standard.replace(/\+/g, "-").replace(/\//g, "_"), // the URL-safe alphabet
      `${standard.slice(0, 8)}\n${standard.slice(8)}`, // a line break
    ];
    expect(inexact.every((text) => text !== standard)).toBe(true);
    for (const text of inexact) expect(decodeBase64Exactly(text)).toEqual({ bytes, exact: false });
  });

  it("is not exact when the last character carries stray bits, though it decodes to the same bytes", () => {
    expect(decodeBase64Exactly("QQ==")).toEqual({ bytes: new Uint8Array([65]), exact: true });
    expect(decodeBase64Exactly("QR==")).toEqual({ bytes: new Uint8Array([65]), exact: false });
  });
});
