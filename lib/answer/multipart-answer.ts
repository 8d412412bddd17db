import { findImagesAndUncertainUrls, type FoundImage, type UncertainUrl } from "./image-finder";
import { sniffImageMime } from "./image-signature";
import { base64ImagesInText } from "./base64-in-text";

/**
 * A multipart answer (`multipart/mixed`, `multipart/related`, RFC 2046): each part read by its own
 * type, a picture part shown as it is (or decoded from base64 when its transfer encoding says so),
 * a JSON part through the finder, a text part looked through for pictures like any text answer.
 * The parts are cut out of the bytes by the boundary; nothing is decoded as text that is not text.
 */

export type AnswerPart = {
  contentType: string;
  size: number;
  kind: "image" | "json" | "text" | "binary";
  /** The part's JSON (kind json) or text (kind text), for the raw view. */
  value?: unknown;
  text?: string;
};

export type MultipartContents = { parts: AnswerPart[]; images: FoundImage[]; uncertain: UncertainUrl[] };

/** RFC 2046 allows at most 70 characters; longer ones are not boundaries. */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i;
/** More parts than any answer sends: the rest are not read. */
const MAX_PARTS = 200;

export function isMultipartType(contentType: string): boolean {
  return /^\s*multipart\/(mixed|related|alternative|form-data)\s*;/i.test(contentType) && BOUNDARY.test(contentType);
}

const encoder = new TextEncoder();

/** Where `needle` next starts in `bytes` at or after `from`, or -1. Boundaries are short: a plain scan is linear enough. */
function indexOfBytes(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  outer: for (
    let index = bytes.indexOf(first ?? 0, from);
    index !== -1 && index + needle.length <= bytes.length;
    index = bytes.indexOf(first ?? 0, index + 1)
  ) {
    for (let offset = 1; offset < needle.length; offset++) if (bytes[index + offset] !== needle[offset]) continue outer;
    return index;
  }
  return -1;
}

/** The blank line ending a part's headers, looked for only up to `until` (the next delimiter): each byte is read once. */
function headerEnd(bytes: Uint8Array, from: number, until: number): { end: number; bodyStart: number } | null {
  for (let index = from; index < until - 1; index++) {
    if (bytes[index] === 0x0a && bytes[index + 1] === 0x0a) return { end: index, bodyStart: index + 2 };
    if (bytes[index] === 0x0d && bytes[index + 1] === 0x0a && bytes[index + 2] === 0x0d && bytes[index + 3] === 0x0a)
      return { end: index, bodyStart: index + 4 };
  }
  return null;
}

function partHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBase64Bytes(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(text.replace(/\s+/g, ""));
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return bytes;
  } catch {
    return null;
  }
}

export function readMultipart(bytes: Uint8Array<ArrayBuffer>, contentType: string): MultipartContents | null {
  const match = BOUNDARY.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return null;
  const delimiter = encoder.encode(`--${boundary}`);
  const parts: AnswerPart[] = [];
  const images: FoundImage[] = [];
  const uncertain: UncertainUrl[] = [];
  let at = indexOfBytes(bytes, delimiter, 0);
  while (at !== -1 && parts.length < MAX_PARTS) {
    const afterDelimiter = at + delimiter.length;
    // "--" after the delimiter closes the body.
    if (bytes[afterDelimiter] === 0x2d && bytes[afterDelimiter + 1] === 0x2d) break;
    const next = indexOfBytes(bytes, delimiter, afterDelimiter);
    const headers = headerEnd(bytes, afterDelimiter, next === -1 ? bytes.length : next);
    if (!headers) {
      at = next;
      continue;
    }
    // The line break before the next delimiter belongs to the delimiter, not the part.
    let end = next === -1 ? bytes.length : next;
    if (end > headers.bodyStart && bytes[end - 1] === 0x0a) end--;
    if (end > headers.bodyStart && bytes[end - 1] === 0x0d) end--;
    const fields = partHeaders(new TextDecoder().decode(bytes.subarray(afterDelimiter, headers.end)));
    readPart(bytes.subarray(headers.bodyStart, end), fields, parts.length, { parts, images, uncertain });
    at = next;
  }
  return { parts, images, uncertain };
}

function readPart(raw: Uint8Array<ArrayBuffer>, fields: Map<string, string>, index: number, into: MultipartContents): void {
  const contentType = fields.get("content-type") ?? "text/plain";
  const label = `(part ${index + 1})`;
  const encoded = (fields.get("content-transfer-encoding") ?? "").toLowerCase() === "base64";
  const body = encoded ? (decodeBase64Bytes(new TextDecoder().decode(raw)) ?? raw) : raw;
  const mime = sniffImageMime(body.subarray(0, 32));
  if (mime) {
    into.parts.push({ contentType, size: body.length, kind: "image" });
    into.images.push({ paths: [label], source: { kind: "byte-array", mime, bytes: new Uint8Array(body) } });
    return;
  }
  let text: string | null = null;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    into.parts.push({ contentType, size: body.length, kind: "binary" });
    return;
  }
  if (/json/i.test(contentType) || /^\s*[[{]/.test(text)) {
    try {
      const value: unknown = JSON.parse(text);
      const found = findImagesAndUncertainUrls(value);
      into.parts.push({ contentType, size: body.length, kind: "json", value });
      into.images.push(...found.images.map((image) => ({ ...image, paths: image.paths.map((path) => `${label} ${path}`) })));
      into.uncertain.push(...found.uncertain.map((candidate) => ({ ...candidate, path: `${label} ${candidate.path}` })));
      return;
    } catch {
      // Not JSON after all: read as text.
    }
  }
  into.parts.push({ contentType, size: body.length, kind: "text", text });
  const found = findImagesAndUncertainUrls(text);
  const inText =
    found.images.length > 0
      ? found.images
      : base64ImagesInText(text).map(({ mime: found, base64 }) => ({
          paths: [label],
          source: { kind: "base64" as const, mime: found, base64 },
        }));
  into.images.push(...inText.map((image) => ({ ...image, paths: [label] })));
  into.uncertain.push(...found.uncertain.map((candidate) => ({ ...candidate, path: label })));
}
