import "server-only";

/**
 * Reads a multipart/form-data body as it arrives, part by part, without holding it whole: each
 * part's headers, then its bytes in pieces as they come (the caller writes them where they go),
 * then its end. At most one chunk and a delimiter's length of lookbehind are held at a time. The
 * delimiter is found with the native search, so a hostile body costs linear time.
 */

export type PartHead = { name: string; filename: string | null; contentType: string };

export type MultipartEvent = { kind: "part"; head: PartHead } | { kind: "data"; bytes: Uint8Array } | { kind: "part-end" };

const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");

export class MultipartError extends Error {}

/** The boundary from a Content-Type, or null when it names none (or an invalid one). */
export function multipartBoundary(contentType: string): string | null {
  if (contentType.length > 1000) return null;
  const [mediaType = "", ...parameters] = contentType.split(";");
  if (mediaType.trim().toLowerCase() !== "multipart/form-data") return null;
  for (const parameter of parameters) {
    const equals = parameter.indexOf("=");
    if (equals === -1 || parameter.slice(0, equals).trim().toLowerCase() !== "boundary") continue;
    const raw = parameter.slice(equals + 1).trim();
    const boundary = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw;
    // RFC 2046: 1 to 70 characters, none of them a control character.
    return boundary.length >= 1 && boundary.length <= 70 && !/[\u0000-\u001f\u007f]/.test(boundary) ? boundary : null;
  }
  return null;
}

export async function* readMultipart(body: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<MultipartEvent> {
  // Every delimiter is CRLF "--" boundary; the first one may have no CRLF before it, so one is added.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buffer: Buffer = Buffer.from(CRLF);
  let state: "preamble" | "after-delimiter" | "headers" | "body" | "done" = "preamble";
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value)
        buffer = buffer.length > 0 ? Buffer.concat([buffer, value]) : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      // Step through what the buffer holds until more bytes are needed.
      for (;;) {
        if (state === "preamble") {
          const at = buffer.indexOf(delimiter);
          if (at === -1) {
            buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length));
            break;
          }
          buffer = buffer.subarray(at + delimiter.length);
          state = "after-delimiter";
        } else if (state === "after-delimiter") {
          if (buffer.length < 2) break;
          if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
            state = "done";
            break;
          }
          if (buffer[0] !== 0x0d || buffer[1] !== 0x0a) throw new MultipartError("a part boundary is not followed by a line break");
          buffer = buffer.subarray(2);
          state = "headers";
        } else if (state === "headers") {
          const end = buffer.indexOf(HEADERS_END);
          if (end === -1) {
            if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("a part's headers are too long");
            break;
          }
          const head = parsePartHead(buffer.subarray(0, end).toString("latin1"));
          buffer = buffer.subarray(end + HEADERS_END.length);
          state = "body";
          yield { kind: "part", head };
        } else if (state === "body") {
          const at = buffer.indexOf(delimiter);
          if (at === -1) {
            // Everything but a tail that could begin the delimiter is the part's.
            const keep = Math.min(buffer.length, delimiter.length - 1);
            const ready = buffer.length - keep;
            if (ready > 0) {
              const bytes = buffer.subarray(0, ready);
              buffer = Buffer.from(buffer.subarray(ready));
              yield { kind: "data", bytes };
            }
            break;
          }
          if (at > 0) yield { kind: "data", bytes: buffer.subarray(0, at) };
          buffer = buffer.subarray(at + delimiter.length);
          state = "after-delimiter";
          yield { kind: "part-end" };
        } else {
          break;
        }
      }
      if (state === "done") {
        await reader.cancel().catch(() => undefined);
        return;
      }
      if (done) throw new MultipartError("the body ended before its closing boundary");
    }
  } finally {
    reader.releaseLock();
  }
}

function parsePartHead(text: string): PartHead {
  let name: string | null = null;
  let filename: string | null = null;
  let contentType = "text/plain";
  for (const line of text.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === "content-type") contentType = value;
    if (field !== "content-disposition") continue;
    for (const parameter of value.split(";").slice(1)) {
      const equals = parameter.indexOf("=");
      if (equals === -1) continue;
      const key = parameter.slice(0, equals).trim().toLowerCase();
      const raw = parameter.slice(equals + 1).trim();
      const unquoted = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw;
      // Browsers send names as UTF-8 bytes; they were read as latin1 above.
      const decoded = Buffer.from(unquoted, "latin1").toString("utf8");
      if (key === "name") name = decoded;
      if (key === "filename") filename = decoded;
    }
  }
  if (name === null) throw new MultipartError("a part has no name");
  return { name, filename, contentType };
}
