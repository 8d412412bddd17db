/**
 * The framings of a streamed answer, and the one a Content-Type declares. Apart from the parser
 * (answer-stream) so that telling whether an answer is a stream costs the page almost nothing.
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
