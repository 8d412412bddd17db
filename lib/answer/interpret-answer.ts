import { findImagesAndUncertainUrls, type FoundImage, type ImageSource, type UncertainUrl } from "./image-finder";
import { base64ImagesInText } from "./base64-in-text";
import { looksLikeZip, readArchive, type ArchiveEntry } from "./archive-answer";
import { isMultipartType, readMultipart, type AnswerPart } from "./multipart-answer";
import { sniffImageMime } from "./image-signature";
import type { LongText } from "./long-text";
import { isPartialEvent, parseStream, type StreamEvent } from "./answer-stream";
import { declaredCharset, framingOfType, sniffFraming, type StreamFraming } from "./stream-framing";

/** What a service's body turned out to be, and the images found in it. */

export type AnswerBody =
  | { kind: "empty" }
  | { kind: "image"; mime: string; size: number }
  | { kind: "json"; value: unknown; charset?: string }
  /** `cut`: a long text, handed to the page as its beginning (`text`) and the whole (see long-text). */
  | { kind: "text"; text: string; jsonError?: string; charset?: string; cut?: LongText }
  | { kind: "binary"; size: number }
  | { kind: "archive"; size: number; entries: ArchiveEntry[]; problem: string | null }
  | { kind: "multipart"; size: number; parts: AnswerPart[] }
  | { kind: "stream"; framing: StreamFraming; events: StreamEvent[]; charset?: string };

export type DisplayImage = {
  key: string;
  paths: string[];
  /** Where in the string at `paths[0]` the image starts, when it was found inside longer text. */
  offset?: number;
  /** A partial picture from a stream that ended without a final one. */
  partial?: boolean;
  source:
    | ImageSource
    | { kind: "body"; mime: string; bytes: Uint8Array<ArrayBuffer> }
    /** Decoded already (by the answer worker): the Blob is shown as it is. */
    | { kind: "blob"; mime: string; blob: Blob };
};

export type InterpretedAnswer = { body: AnswerBody; images: DisplayImage[]; uncertain: UncertainUrl[] };

const WHOLE_BODY_PATH = "(whole body)";

function declaresJson(contentType: string): boolean {
  return /[/+]json\b/i.test(contentType);
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

/**
 * `base`: the URL of the service that answered; an image named by a relative path in a JSON answer
 * ("/files/1.png", "outputs/1.png") is resolved against it. Without it, relative paths are not images.
 */
export function interpretAnswer(bytes: Uint8Array<ArrayBuffer>, contentType: string, base?: string): InterpretedAnswer {
  if (bytes.length === 0) return { body: { kind: "empty" }, images: [], uncertain: [] };
  const mime = sniffImageMime(bytes.subarray(0, 32));
  if (mime) {
    return {
      body: { kind: "image", mime, size: bytes.length },
      images: [{ key: "body", paths: [WHOLE_BODY_PATH], source: { kind: "body", mime, bytes } }],
      uncertain: [],
    };
  }
  // A zip is known by its first bytes, whatever it is labelled (a download is often octet-stream).
  if (looksLikeZip(bytes)) return interpretArchive(bytes);
  if (isMultipartType(contentType)) {
    const read = readMultipart(bytes, contentType);
    if (read && read.parts.length > 0) {
      return {
        body: { kind: "multipart", size: bytes.length, parts: read.parts },
        images: read.images.map((image, index) => ({ key: `${index}:${image.paths[0] ?? ""}`, ...image })),
        uncertain: read.uncertain,
      };
    }
  }
  const decoded = decodeText(bytes, contentType);
  if (!decoded) return { body: { kind: "binary", size: bytes.length }, images: [], uncertain: [] };
  const { text, charset } = decoded;
  const declaredFraming = framingOfType(contentType);
  if (declaredFraming) return interpretStream(text, declaredFraming, charset);
  const trimmed = text.trimStart();
  if (declaresJson(contentType) || /^[[{"]/.test(trimmed)) {
    try {
      const value: unknown = JSON.parse(text);
      const found = findImagesAndUncertainUrls(value, base);
      const images = found.images.map((image, index) => ({ key: `${index}:${image.paths[0] ?? ""}`, ...image }));
      return { body: { kind: "json", value, charset }, images, uncertain: found.uncertain };
    } catch (error) {
      // Several JSON values one per line (NDJSON sent as application/json) are a stream, not broken JSON.
      const framing = sniffFraming(text);
      if (framing) return interpretStream(text, framing, charset);
      const jsonError = declaresJson(contentType) && error instanceof Error ? error.message : undefined;
      return { body: { kind: "text", text, jsonError, charset }, images: [], uncertain: [] };
    }
  }
  // Text whose first lines look like SSE fields is a stream only if events come out of it.
  const sniffed = sniffFraming(text);
  const stream = sniffed ? interpretStream(text, sniffed, charset) : null;
  if (stream?.body.kind === "stream" && stream.body.events.length > 0) return stream;
  // A plain-text body may itself be a URL, a data URI or base64, or mention pictures (Markdown, HTML);
  // failing those, it may carry bare base64 pictures inside other text (XML, a log line).
  const found = findImagesAndUncertainUrls(text);
  const inText: FoundImage[] =
    found.images.length > 0
      ? found.images
      : base64ImagesInText(text).map(({ mime, base64 }) => ({ paths: [TEXT_BODY_PATH], source: { kind: "base64", mime, base64 } }));
  const images = inText.map((image, index) => ({ key: `${index}`, ...image, paths: [TEXT_BODY_PATH] }));
  const uncertain = found.uncertain.map((candidate) => ({ ...candidate, path: TEXT_BODY_PATH }));
  return { body: { kind: "text", text, charset }, images, uncertain };
}

const TEXT_BODY_PATH = "(body text)";

/** A zip of pictures: each one shown under its file name in the archive. */
function interpretArchive(bytes: Uint8Array<ArrayBuffer>): InterpretedAnswer {
  const { entries, pictures, problem } = readArchive(bytes);
  return {
    body: { kind: "archive", size: bytes.length, entries, problem },
    images: pictures.map((picture, index) => ({
      key: `${index}:${picture.name}`,
      paths: [`(archive) ${picture.name}`],
      source: { kind: "body", mime: picture.mime, bytes: picture.bytes },
    })),
    uncertain: [],
  };
}

/**
 * A stream's images, labelled by event (`$[3].b64_json` is in the fourth event, as the raw view's
 * list shows it). Final pictures win; partial ones are shown only when no final one came, and then
 * only the last event's, marked partial.
 */
export function interpretStream(text: string, framing: StreamFraming, charset?: string): InterpretedAnswer {
  const events = parseStream(text, framing);
  const finals: DisplayImage[] = [];
  let lastPartial: DisplayImage[] = [];
  const uncertain: UncertainUrl[] = [];
  for (const [index, event] of events.entries()) {
    const found = findImagesAndUncertainUrls(event.value ?? event.data);
    const prefix = `$[${index}]`;
    const relabel = (path: string) => (path.startsWith("$") ? prefix + path.slice(1) : prefix);
    const images = found.images.map((image, position) => ({
      ...image,
      key: `${index}:${position}`,
      paths: image.paths.map(relabel),
    }));
    uncertain.push(...found.uncertain.map((candidate) => ({ ...candidate, path: relabel(candidate.path) })));
    if (isPartialEvent(event)) {
      if (images.length > 0) lastPartial = images;
    } else finals.push(...images);
  }
  const images = finals.length > 0 ? finals : lastPartial.map((image) => ({ ...image, partial: true }));
  return { body: { kind: "stream", framing, events, charset }, images, uncertain };
}

/** The events' values as the raw view's tree shows them (and as image paths name them). */
export function streamTreeValue(events: readonly StreamEvent[]): unknown[] {
  return events.map((event) => event.value ?? event.data);
}
