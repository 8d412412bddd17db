import { findImagesAndUncertainUrls, type ImageSource, type UncertainUrl } from "./image-finder";
import { sniffImageMime } from "./image-signature";

/** What a service's body turned out to be, and the images found in it. */

export type AnswerBody =
  | { kind: "empty" }
  | { kind: "image"; mime: string; size: number }
  | { kind: "json"; value: unknown; charset?: string }
  | { kind: "text"; text: string; jsonError?: string; charset?: string }
  | { kind: "binary"; size: number };

export type DisplayImage = {
  key: string;
  paths: string[];
  /** Where in the string at `paths[0]` the image starts, when it was found inside longer text. */
  offset?: number;
  source: ImageSource | { kind: "body"; mime: string; bytes: Uint8Array<ArrayBuffer> };
};

export type InterpretedAnswer = { body: AnswerBody; images: DisplayImage[]; uncertain: UncertainUrl[] };

const WHOLE_BODY_PATH = "(whole body)";

function declaresJson(contentType: string): boolean {
  return /[/+]json\b/i.test(contentType);
}

/** The charset a Content-Type declares, when it is not UTF-8 (which needs no mention). */
function declaredCharset(contentType: string): string | undefined {
  const charset = /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  return charset && charset !== "utf-8" && charset !== "utf8" ? charset : undefined;
}

/**
 * The body as text: in the charset its Content-Type declares (Latin-1, Shift_JIS, UTF-16…), else
 * UTF-8; null when it is not text in that charset. A charset no decoder knows falls back to UTF-8.
 */
function decodeText(bytes: Uint8Array<ArrayBuffer>, contentType: string): { text: string; charset?: string } | null {
  const charset = declaredCharset(contentType);
  if (charset) {
    try {
      return { text: new TextDecoder(charset, { fatal: true }).decode(bytes), charset };
    } catch {
      // an unknown label, or bytes that are not in it: tried as UTF-8 below
    }
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return null;
  }
}

export function interpretAnswer(bytes: Uint8Array<ArrayBuffer>, contentType: string): InterpretedAnswer {
  if (bytes.length === 0) return { body: { kind: "empty" }, images: [], uncertain: [] };
  const mime = sniffImageMime(bytes.subarray(0, 32));
  if (mime) {
    return {
      body: { kind: "image", mime, size: bytes.length },
      images: [{ key: "body", paths: [WHOLE_BODY_PATH], source: { kind: "body", mime, bytes } }],
      uncertain: [],
    };
  }
  const decoded = decodeText(bytes, contentType);
  if (!decoded) return { body: { kind: "binary", size: bytes.length }, images: [], uncertain: [] };
  const { text, charset } = decoded;
  const trimmed = text.trimStart();
  if (declaresJson(contentType) || /^[[{"]/.test(trimmed)) {
    try {
      const value: unknown = JSON.parse(text);
      const found = findImagesAndUncertainUrls(value);
      const images = found.images.map((image, index) => ({ key: `${index}:${image.paths[0] ?? ""}`, ...image }));
      return { body: { kind: "json", value, charset }, images, uncertain: found.uncertain };
    } catch (error) {
      const jsonError = declaresJson(contentType) && error instanceof Error ? error.message : undefined;
      return { body: { kind: "text", text, jsonError, charset }, images: [], uncertain: [] };
    }
  }
  // A plain-text body may itself be a URL, a data URI or base64, or mention pictures (Markdown, HTML).
  const found = findImagesAndUncertainUrls(text);
  const images = found.images.map((image, index) => ({ key: `${index}`, ...image, paths: [TEXT_BODY_PATH] }));
  const uncertain = found.uncertain.map((candidate) => ({ ...candidate, path: TEXT_BODY_PATH }));
  return { body: { kind: "text", text, charset }, images, uncertain };
}

const TEXT_BODY_PATH = "(body text)";
