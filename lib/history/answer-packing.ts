import { decodeBase64, sniffImageMime, type ImageMime } from "../image-signature";
import { encodeBase64 } from "./base64-encode";

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

/** The JSON body with its large base64 images taken out, or null when there is nothing to take out. */
export function packJsonBody(bytes: Uint8Array): PackedBody | null {
  let text: string;
  try {
    // ignoreBOM keeps a leading byte-order mark, so the text re-encodes to the same bytes.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return null;
  }
  const images: PackedImage[] = [];
  const packedText = text.replace(EMBEDDED_IMAGE, (whole, prefix: string | undefined, base64: string) => {
    if (base64.length < MIN_PACKED_BASE64_CHARS) return whole;
    const decoded = decodeBase64(base64);
    const mime = sniffImageMime(decoded.subarray(0, 32));
    // Only what re-encodes to the very same text is taken out (no missing padding, no line breaks).
    if (!mime || encodeBase64(decoded) !== base64) return whole;
    images.push({ prefix: prefix ?? "", mime, bytes: decoded });
    return `"\u0000${images.length - 1}\u0000"`;
  });
  return images.length > 0 ? { text: packedText, images } : null;
}

/** The exact bytes the service sent, from a packed text and its images (prefix and bytes). */
export function unpackBody(text: string, images: ReadonlyArray<{ prefix: string; bytes: Uint8Array }>): Uint8Array<ArrayBuffer> {
  const rebuilt = text.replace(MARKER, (whole, index: string) => {
    const image = images[Number(index)];
    return image ? image.prefix + encodeBase64(image.bytes) : whole;
  });
  return new TextEncoder().encode(rebuilt);
}
