/**
 * The framings of a streamed answer: the one a Content-Type declares, the one a body's first bytes
 * show, and the declared charset. Apart from the parser (answer-stream) so that telling whether an
 * answer is a stream costs the page almost nothing.
 */

export type StreamFraming = "sse" | "ndjson" | "json-seq";

const FRAMING_BY_TYPE: [RegExp, StreamFraming][] = [
  [/^text\/event-stream\b/i, "sse"],
  [/^application\/(?:x-)?ndjson\b|^application\/(?:x-)?jsonl(?:ines)?\b|^application\/stream\+json\b/i, "ndjson"],
  [/^application\/json-seq\b/i, "json-seq"],
];

/** The framing a Content-Type declares, if it declares one. */
export function framingOfType(contentType: string): StreamFraming | null {
  const type = contentType.trim();
  return FRAMING_BY_TYPE.find(([pattern]) => pattern.test(type))?.[1] ?? null;
}

/**
 * The framing of a body whose type does not say (home-made services send SSE as text/plain and
 * NDJSON as application/json): SSE field lines, a record separator, or two or more lines that are
 * each a JSON object.
 */
export function sniffFraming(text: string): StreamFraming | null {
  const start = text.trimStart();
  if (start.startsWith("\u001e")) return "json-seq";
  // Field lines, perhaps after keep-alive comments (": ping") and blank lines.
  if (/^(?::[^\n]*\n|\r?\n)*(?:data|event|id|retry):/.test(start)) return "sse";
  const lines = start.split(/\r?\n/, 3).filter((line) => line.trim() !== "");
  if (lines.length < 2) return null;
  return lines.every((line) => isJsonObjectText(line)) ? "ndjson" : null;
}

function isJsonObjectText(line: string): boolean {
  const trimmed = line.trim();
  if (!trimmed.startsWith("{") || !trimmed.endsWith("}")) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** The charset a Content-Type declares, when it is not UTF-8 (which needs no mention). */
export function declaredCharset(contentType: string): string | undefined {
  const charset = /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1]?.toLowerCase();
  return charset && charset !== "utf-8" && charset !== "utf8" ? charset : undefined;
}
