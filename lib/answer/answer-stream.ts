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
  /** The event's data as sent. */
  data: string;
  /** The data parsed as JSON; absent when it is not JSON (`[DONE]`, plain text). */
  value?: unknown;
};

function parseData(data: string): Pick<StreamEvent, "value"> {
  const trimmed = data.trim();
  if (!/^[[{"]/.test(trimmed)) return {};
  try {
    return { value: JSON.parse(trimmed) as unknown };
  } catch {
    return {};
  }
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
      else this.addLine(unit.replace(/\r$/, ""), events);
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
    events.push({ data: record.replace(/\n$/, ""), ...parseData(record) });
  }

  private addLine(line: string, events: StreamEvent[]): void {
    if (this.framing === "ndjson") {
      if (line.trim() !== "") events.push({ data: line, ...parseData(line) });
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
    events.push({ ...(this.name ? { name: this.name } : {}), ...(this.id ? { id: this.id } : {}), data, ...parseData(data) });
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
