import { decodeBase64Prefix, sniffImageMime, type ImageMime } from "./image-signature";

/**
 * Pictures carried as bare base64 inside text that is neither JSON nor Markdown: an XML element
 * (`<image>iVBORw0…</image>`), a SOAP envelope, a log line, a CSV cell. A run of base64 letters
 * counts only when its first bytes decode to an image's signature, so base64 that is not a
 * picture (a token, a hash, a zip) is never shown as one. MIME-wrapped base64 (a line break every
 * 76 letters, as XML serializers write it) is read as one run.
 *
 * One pass over the text, with no pattern that can backtrack: each character is looked at once.
 */

export type Base64Mention = { offset: number; mime: ImageMime; base64: string };

/** Shorter runs cannot hold a picture worth showing, and are mostly ids and hashes. */
const MIN_RUN_CHARS = 64;
/** Runs in one text: a document of thousands is not a gallery anyone asked for. */
const MAX_RUNS = 100;

function isBase64Letter(code: number): boolean {
  return (
    (code >= 65 && code <= 90) || // A-Z
    (code >= 97 && code <= 122) || // a-z
    (code >= 48 && code <= 57) || // 0-9
    code === 43 || // +
    code === 47 || // /
    code === 45 || // - (URL-safe)
    code === 95 // _ (URL-safe)
  );
}

const isLineBreakOrSpace = (code: number) => code === 10 || code === 13 || code === 32 || code === 9;

export function base64ImagesInText(text: string): Base64Mention[] {
  const found: Base64Mention[] = [];
  let index = 0;
  while (index < text.length && found.length < MAX_RUNS) {
    if (!isBase64Letter(text.charCodeAt(index))) {
      index++;
      continue;
    }
    // A run: base64 letters, then padding, continued across line breaks only where a full line
    // ended (a wrapped line is long; a space between two words is not a wrap).
    const start = index;
    const parts: string[] = [];
    let lineStart = index;
    for (;;) {
      while (index < text.length && isBase64Letter(text.charCodeAt(index))) index++;
      let end = index;
      while (end < text.length && text.charCodeAt(end) === 61 && end - index < 2) end++; // "="
      parts.push(text.slice(lineStart, end));
      index = end;
      const padded = end > lineStart && text.charCodeAt(end - 1) === 61;
      if (padded || end - lineStart < MIN_RUN_CHARS / 2) break;
      let next = index;
      while (next < text.length && isLineBreakOrSpace(text.charCodeAt(next))) next++;
      const wrapped = next > index && text.slice(index, next).includes("\n");
      if (!wrapped || next >= text.length || !isBase64Letter(text.charCodeAt(next))) break;
      index = next;
      lineStart = next;
    }
    const base64 = parts.join("");
    if (base64.length >= MIN_RUN_CHARS) {
      const mime = sniffImageMime(decodeBase64Prefix(base64, 24));
      if (mime) found.push({ offset: start, mime, base64 });
    }
    if (index === start) index++;
  }
  return found;
}
