import { cleanBase64, sniffImageMime, type ImageMime } from "./image-signature";

/**
 * Image bytes written in the other ways services and quick home-made servers write them: a JSON
 * array of byte values (`[137, 80, 78, 71, …]`, Node's `{"type": "Buffer", "data": […]}`, a typed
 * array serialized as `{"0": 137, "1": 80, …}`), a hex string, and base64 behind the wrappers people
 * leave on it by mistake (Python's `b'…'` repr, a data URI's header without its `data:`). Every one
 * is accepted only when its first bytes are an image signature.
 */

const SIGNATURE_BYTES = 32;

function isByte(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 255;
}

/** The image in an array of byte values, or null. Checks the head first, so a long array of anything else is left at once. */
export function byteArrayImage(values: readonly unknown[]): { mime: ImageMime; bytes: Uint8Array<ArrayBuffer> } | null {
  if (values.length < 16) return null;
  const head = values.slice(0, SIGNATURE_BYTES);
  if (!head.every(isByte)) return null;
  const mime = sniffImageMime(Uint8Array.from(head));
  if (!mime) return null;
  const bytes = new Uint8Array(values.length);
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (!isByte(value)) return null;
    bytes[index] = value;
  }
  return { mime, bytes };
}

/** A typed array as JSON.stringify writes it: keys "0", "1", … in order, each a byte. */
export function indexKeyedBytes(entries: readonly [string, unknown][]): unknown[] | null {
  if (entries.length < 16 || entries[0]?.[0] !== "0") return null;
  const values: unknown[] = new Array(entries.length);
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index];
    if (!entry || entry[0] !== String(index)) return null;
    values[index] = entry[1];
  }
  return values;
}

const HEX = /^(?:0x)?((?:[0-9a-f]{2})+)$/i;

/** Hex only when the whole string is hex and decodes to an image signature. */
export function hexImage(text: string): { mime: ImageMime; hex: string } | null {
  if (text.length < 32) return null;
  const match = HEX.exec(text);
  const hex = match?.[1];
  if (!hex) return null;
  const mime = sniffImageMime(decodeHex(hex.slice(0, SIGNATURE_BYTES * 2)));
  return mime ? { mime, hex } : null;
}

export function decodeHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let index = 0; index < bytes.length; index++) bytes[index] = Number.parseInt(hex.substr(index * 2, 2), 16);
  return bytes;
}

/**
 * Base64 without the wrappers a service may leave on it: Python's bytes repr (`b'iVBOR…'`, what
 * `str(base64.b64encode(data))` writes) and a data URI's header without its `data:` scheme
 * (`image/png;base64,iVBOR…`). MIME line breaks, URL-safe letters and missing padding are left for
 * `cleanBase64`, which takes them all.
 */
export function unwrapBase64(text: string): string | null {
  const python = /^b(['"])([\s\S]*)\1$/.exec(text);
  if (python?.[2]) return cleanBase64(python[2].replace(/\\n/g, ""));
  const headless = /^[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[^;,]*)*;base64,/i.exec(text);
  if (headless) return cleanBase64(text.slice(headless[0].length));
  return null;
}
