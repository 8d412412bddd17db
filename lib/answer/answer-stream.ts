import type { StreamFraming } from "./stream-framing";

export { framingOfType, sniffFraming, type StreamFraming } from "./stream-framing";

/**
 * Answers sent as a stream of events: server-sent events (`text/event-stream`, as OpenAI's
 * `stream: true` with `partial_images` sends them), newline-delimited JSON, and JSON text sequences
 * (RFC 7464). The parser takes text in pieces as they arrive, so the page can show each event as it
 * comes, and gives the same events for the whole text read at once.
 */

export type StreamEvent = {
  /** The SSE event name (`event:` line), when there was one. */
  name?: string;
  id?: string;
  /** The event's data as sent (its beginning only, once read in the answer worker, when it was long: see dataLength). */
  data: string;
  /** How long the data was, when `data` holds only its beginning. */
  dataLength?: number;
  /** The data parsed as JSON; absent when it is not JSON (`[DONE]`, plain text). */
  value?: unknown;
};

/** What a line or record holds as JSON, or NO_VALUE: told from its first non-blank character before anything is parsed. */
const NO_VALUE = Symbol("no value");
const FIRST_NON_BLANK = /\S/g;

function parsedValue(data: string): unknown {
  FIRST_NON_BLANK.lastIndex = 0;
  const first = FIRST_NON_BLANK.exec(data);
  if (!first || (first[0] !== "[" && first[0] !== "{" && first[0] !== '"')) return NO_VALUE;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return NO_VALUE;
  }
}

/** One event: its data, and its JSON value when the data is JSON (one object per event: a stream may hold a million). */
function eventOf(data: string, extra?: Pick<StreamEvent, "name" | "id">): StreamEvent {
  const value = parsedValue(data);
  const event: StreamEvent = extra ? { ...extra, data } : { data };
  if (value !== NO_VALUE) event.value = value;
  return event;
}

/** Reads events out of text that arrives in pieces; `end()` gives what the last piece left open. */
export class StreamEventParser {
  /** The unfinished line (or record), in the pieces it arrived in: a huge event is joined once, not at every piece. */
  private pending: string[] = [];
  // SSE: the event being built from its field lines.
  private data: string[] = [];
  private name: string | undefined;
  private id: string | undefined;

  constructor(readonly framing: StreamFraming) {}

  push(text: string): StreamEvent[] {
    const events: StreamEvent[] = [];
    const separator = this.framing === "json-seq" ? "\u001e" : "\n";
    let start = 0;
    for (;;) {
      const end = text.indexOf(separator, start);
      if (end === -1) break;
      const piece = text.slice(start, end);
      const unit = this.pending.length > 0 ? this.pending.join("") + piece : piece;
      this.pending = [];
      start = end + 1;
      if (this.framing === "json-seq") this.addRecord(unit, events);
      else this.addLine(unit.endsWith("\r") ? unit.slice(0, -1) : unit, events);
    }
    if (start < text.length) this.pending.push(text.slice(start));
    return events;
  }

  end(): StreamEvent[] {
    const events: StreamEvent[] = [];
    const rest = this.pending.join("");
    this.pending = [];
    if (this.framing === "json-seq") this.addRecord(rest, events);
    else {
      if (rest !== "") this.addLine(rest.replace(/\r$/, ""), events);
      // A stream that ends without the blank line after its last event still sent that event.
      if (this.framing === "sse") this.dispatch(events);
    }
    return events;
  }

  private addRecord(record: string, events: StreamEvent[]): void {
    if (record.trim() === "") return;
    const event = eventOf(record);
    event.data = record.replace(/\n$/, "");
    events.push(event);
  }

  private addLine(line: string, events: StreamEvent[]): void {
    if (this.framing === "ndjson") {
      FIRST_NON_BLANK.lastIndex = 0;
      if (FIRST_NON_BLANK.test(line)) events.push(eventOf(line));
      return;
    }
    if (line === "") return this.dispatch(events);
    if (line.startsWith(":")) return; // a comment, often a keep-alive
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") this.data.push(value);
    else if (field === "event") this.name = value;
    else if (field === "id") this.id = value;
  }

  private dispatch(events: StreamEvent[]): void {
    if (this.data.length === 0) {
      this.name = undefined;
      return;
    }
    const data = this.data.join("\n");
    events.push(eventOf(data, { ...(this.name ? { name: this.name } : {}), ...(this.id ? { id: this.id } : {}) }));
    this.data = [];
    this.name = undefined;
  }
}

export function parseStream(text: string, framing: StreamFraming): StreamEvent[] {
  const parser = new StreamEventParser(framing);
  return [...parser.push(text), ...parser.end()];
}

/**
 * An event that carries a partial picture (OpenAI's `image_generation.partial_image`, anything
 * named or typed "partial", or with a `partial_image_index`) rather than a final one.
 */
export function isPartialEvent(event: StreamEvent): boolean {
  if (event.name && /partial/i.test(event.name)) return true;
  const value = event.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const type = (value as Record<string, unknown>).type;
  return (typeof type === "string" && /partial/i.test(type)) || "partial_image_index" in value;
}
