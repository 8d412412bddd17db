import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { sniffImageMime } from "@/lib/answer/image-signature";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { configFor, problemOf } from "@/test-support/route-helpers";
import { HEIC_BASE64, PNG_BASE64 } from "@/test-support/sample-images";
import { handleConvert } from "./convert-handler";

/** Pictures the browser cannot show (TIFF, HEIC) converted for display, and nothing else. */

const config = configFor("http://127.0.0.1:9");
const convertRequest = (body: Uint8Array, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/api/convert", {
    method: "POST",
    headers: { "content-type": "application/octet-stream", [PEER_ADDRESS_HEADER]: "127.0.0.9", ...headers },
    body: new Uint8Array(body),
  });

describe("POST /api/convert", () => {
  it("turns a TIFF into a PNG of the same size", async () => {
    const tiff = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
      .tiff()
      .toBuffer();
    expect(sniffImageMime(tiff)).toBe("image/tiff");
    const response = await handleConvert(convertRequest(tiff), config);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = new Uint8Array(await response.arrayBuffer());
    expect(sniffImageMime(png)).toBe("image/png");
    expect(await sharp(png).metadata()).toMatchObject({ width: 64, height: 48 });
  });

  it("turns an HEVC-coded HEIC (what phones write) into a PNG of the same size", async () => {
    const heic = new Uint8Array(Buffer.from(HEIC_BASE64, "base64"));
    expect(sniffImageMime(heic)).toBe("image/heic");
    const response = await handleConvert(convertRequest(heic), config);
    expect(response.status).toBe(200);
    const png = new Uint8Array(await response.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 96, height: 64 });
    // The gradient survived: red grows to the right, green downwards.
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    expect(pixel(90, 2)[0]).toBeGreaterThan((pixel(2, 2)[0] ?? 0) + 100);
    expect(pixel(2, 60)[1]).toBeGreaterThan((pixel(2, 2)[1] ?? 0) + 100);
  });

  it("says plainly when a HEIC cannot be read", async () => {
    const heic = Buffer.from(HEIC_BASE64, "base64");
    const cut = new Uint8Array(heic.subarray(0, 120));
    const refused = await handleConvert(convertRequest(cut), config);
    expect(refused.status).toBe(502);
    expect((await problemOf(refused)).detail).toMatch(/^This HEIC picture could not be converted/);
  });

  it("converts nothing a browser shows itself, and nothing that is not a picture", async () => {
    for (const body of [new Uint8Array(Buffer.from(PNG_BASE64, "base64")), new TextEncoder().encode("<svg/>")]) {
      const refused = await handleConvert(convertRequest(body), config);
      expect(refused.status).toBe(415);
      expect((await problemOf(refused)).detail).toContain("Only TIFF and HEIC pictures are converted");
    }
  });

  it("says plainly when a TIFF cannot be read", async () => {
    const broken = new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const refused = await handleConvert(convertRequest(broken), config);
    expect(refused.status).toBe(502);
    expect((await problemOf(refused)).detail).toMatch(/^This TIFF picture could not be converted \(.+\); download the original/);
  });

  it("refuses a post from another site", async () => {
    const tiff = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } })
      .tiff()
      .toBuffer();
    const refused = await handleConvert(
      convertRequest(tiff, { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" }),
      config,
    );
    expect(refused.status).toBe(403);
  });
});
