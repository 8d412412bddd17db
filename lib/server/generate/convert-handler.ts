import "server-only";
import sharp from "sharp";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import { SHOWN_CONVERTED, sniffImageMime } from "@/lib/answer/image-signature";
import { problemResponse } from "@/lib/server/http/problem-response";
import { readRequestBytes } from "@/lib/server/http/read-request-body";
import { refuseCaller } from "@/lib/server/http/request-guards";
import { takePictureTurn } from "@/lib/server/limits/picture-turn";
import { withRouteContext, type RouteContext } from "@/lib/server/http/route-context";

/**
 * POST /api/convert with a picture's bytes (TIFF, HEIC): a PNG the browser can show, made with
 * sharp (libvips). Only for pictures the browser cannot show itself, known by their first bytes:
 * the playground is not a general image converter. The page keeps the original for download and
 * history; the PNG is for the screen only.
 */

/** Larger pictures than this are not decoded (a decompression bomb fits in a few KB of TIFF). */
const MAX_INPUT_PIXELS = 100_000_000;
/** A converted picture is the same for the same bytes: the browser may keep it. */
const CACHE_SECONDS = 3600;

export function handleConvert(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/convert", configResult, (config, context) => convert(request, config, context));
}

async function convert(request: Request, config: ServerConfig, context: RouteContext): Promise<Response> {
  const { requestId, finish } = context;
  const refusal = await refuseCaller(request, config, requestId);
  if (refusal) return finish(refusal);
  const turn = await takePictureTurn(request, config, requestId);
  if (!turn.ok) return finish(turn.response);
  const { release } = turn;
  try {
    const body = await readRequestBytes(request, config.limits.answerBytes);
    if (!body.ok) {
      const kind = body.reason === "too-large" ? "body-too-large" : body.reason === "too-slow" ? "body-too-slow" : "invalid-request";
      return finish(problemResponse(kind, { requestId, detail: `The picture to convert could not be read (${body.reason}).` }));
    }
    const mime = sniffImageMime(body.bytes.subarray(0, 32));
    if (!mime || !SHOWN_CONVERTED.has(mime)) {
      const detail = "Only TIFF and HEIC pictures are converted: browsers show the others themselves.";
      return finish(problemResponse("unsupported-media-type", { requestId, detail }));
    }
    let png: Buffer;
    try {
      png =
        mime === "image/heic"
          ? await heicToPng(body.bytes)
          : await sharp(body.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate().png().toBuffer();
    } catch (error) {
      const reason = error instanceof Error ? error.message.split("\n")[0]?.slice(0, 200) : "unknown";
      const detail = `This ${mime === "image/heic" ? "HEIC" : "TIFF"} picture could not be converted (${reason}); download the original to open it elsewhere.`;
      return finish(problemResponse("image-refused", { requestId, detail }));
    }
    return finish(
      new Response(new Uint8Array(png), {
        headers: {
          "content-type": "image/png",
          "cache-control": `private, max-age=${CACHE_SECONDS}`,
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; sandbox",
        },
      }),
      { bytesIn: body.size, bytesOut: png.length },
    );
  } finally {
    release();
  }
}

/**
 * HEIC is HEVC-coded, which sharp's prebuilt libvips does not decode: libheif (WebAssembly, through
 * heic-decode) decodes it, its size checked before any pixel is, and sharp writes the PNG.
 */
async function heicToPng(bytes: Uint8Array): Promise<Buffer> {
  const { default: decodeHeic } = await import("heic-decode");
  const pictures = await decodeHeic.all({ buffer: bytes });
  try {
    const first = pictures[0];
    if (!first) throw new Error("it holds no picture");
    if (first.width * first.height > MAX_INPUT_PIXELS)
      throw new Error(`${first.width}×${first.height} is more than ${MAX_INPUT_PIXELS / 1e6} megapixels`);
    const { width, height, data } = await first.decode();
    return await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
  } finally {
    pictures.dispose?.();
  }
}
