import { decodeBase64, sniffImageMime, type ImageMime } from "@/lib/answer/image-signature";
import { encodeBase64, isCanonicalBase64 } from "./base64-encode";

/**
 * Saved answers keep large embedded images as image bytes instead of base64 text: a quarter
 * smaller, and the images can be shown and exported as files. The JSON keeps a marker where each
 * image was, and unpacking rebuilds the service's answer byte for byte.
 *
 * The marker is a NUL-delimited index: JSON text can never contain a raw NUL, so it can never
 * collide with anything the service sent.
 */

export type PackedImage = { prefix: string; mime: ImageMime; bytes: Uint8Array<ArrayBuffer> };
export type PackedBody = { text: string; images: PackedImage[] };

/** Base64 shorter than this stays in the text: packing it would save nothing worth the bookkeeping. */
export const MIN_PACKED_BASE64_CHARS = 4096;

const EMBEDDED_IMAGE = /"(data:image\/[a-z0-9.+-]+;base64,)?([A-Za-z0-9+/]+={0,2})"/g;
const MARKER = /\u0000(\d+)\u0000/g;

const noPause = () => Promise.resolve();

/**
 * The JSON body with its large base64 images taken out, or null when there is nothing to take out.
 * `pause` is awaited between the heavy steps (a scan of the whole text, then each image), so that a
 * page doing this after a multi-megabyte answer stays responsive.
 */
export async function packJsonBody(bytes: Uint8Array, pause: () => Promise<void> = noPause): Promise<PackedBody | null> {
  let text: string;
  try {
    // ignoreBOM keeps a leading byte-order mark, so the text re-encodes to the same bytes.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
  // JSON text never holds a raw NUL; the markers rely on that, so anything else is kept whole.
  if (text.includes("\u0000") || !/^\uFEFF?\s*[[{]/.test(text)) return null;
  const spans: { start: number; end: number; prefix: string; base64: string }[] = [];
  for (const match of text.matchAll(EMBEDDED_IMAGE)) {
    const base64 = match[2] ?? "";
    // Only what re-encodes to the very same text is taken out (whole groups, no stray bits).
    if (base64.length >= MIN_PACKED_BASE64_CHARS && isCanonicalBase64(base64)) {
      spans.push({ start: match.index, end: match.index + match[0].length, prefix: match[1] ?? "", base64 });
    }
  }
  const images: PackedImage[] = [];
  const parts: string[] = [];
  let copiedUpTo = 0;
  for (const span of spans) {
    await pause();
    const decoded = decodeBase64(span.base64);
    const mime = sniffImageMime(decoded.subarray(0, 32));
    if (!mime) continue;
    parts.push(text.slice(copiedUpTo, span.start), `"\u0000${images.length}\u0000"`);
    copiedUpTo = span.end;
    images.push({ prefix: span.prefix, mime, bytes: decoded });
  }
  if (images.length === 0) return null;
  parts.push(text.slice(copiedUpTo));
  return { text: parts.join(""), images };
}

/** The exact bytes the service sent, from a packed text and its images (prefix and bytes). */
export function unpackBody(text: string, images: ReadonlyArray<{ prefix: string; bytes: Uint8Array }>): Uint8Array<ArrayBuffer> {
  const rebuilt = text.replace(MARKER, (whole, index: string) => {
    const image = images[Number(index)];
    return image ? image.prefix + encodeBase64(image.bytes) : whole;
  });
  return new TextEncoder().encode(rebuilt);
}
