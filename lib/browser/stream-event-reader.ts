import { isPartialEvent, StreamEventParser, type StreamFraming } from "@/lib/answer/answer-stream";
import { declaredCharset } from "@/lib/answer/stream-framing";
import { findImages, type ImageSource } from "@/lib/answer/image-finder";

/**
 * Reads a streamed answer's events as its chunks arrive: each event noted with its arrival time,
 * and the newest picture in it handed on at once. Loaded only when an answer turns out to be a
 * stream, so the page's first load does not carry the parser and the image finder; in the page it
 * runs in the answer worker (see answer-worker/stream-sessions), on the server and where there is
 * no worker, where the answer is read.
 */

export type StreamProgress = {
  events: number;
  /**
   * The newest picture any event carried so far, and whether it was a partial one; as a Blob
   * ("blob") when the answer worker read it, so the page never decodes a large picture itself.
   */
  image: { source: ImageSource | { kind: "blob"; mime: string; blob: Blob }; path: string; partial: boolean } | null;
  /** When the answer worker read the newest picture, on the page's clock (read here: now). */
  imageReadAt?: number;
};

/** Where a stream's chunks go to be read as events; `end` gives each event's arrival time (ms after the start). */
export type StreamEventSink = { push: (chunk: Uint8Array) => void; end: () => Promise<number[] | null> };

/** Opens a reader of a stream's events somewhere else than here (the page's answer worker), or gives null. */
export type OpenStreamEvents = (
  framing: StreamFraming,
  contentType: string,
  startedAt: number,
  onProgress?: (progress: StreamProgress) => void,
) => StreamEventSink | null;

function textDecoder(contentType: string): TextDecoder {
  try {
    return new TextDecoder(declaredCharset(contentType) ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

export class StreamEventReader {
  readonly eventTimes: number[] = [];
  private readonly parser: StreamEventParser;
  private readonly decoder: TextDecoder;
  private progress: StreamProgress = { events: 0, image: null };

  constructor(
    framing: StreamFraming,
    contentType: string,
    private readonly startedAt: number,
    private readonly onProgress?: (progress: StreamProgress) => void,
  ) {
    this.parser = new StreamEventParser(framing);
    this.decoder = textDecoder(contentType);
  }

  push(chunk: Uint8Array): void {
    this.take(this.parser.push(this.decoder.decode(chunk, { stream: true })));
  }

  end(): void {
    this.take([...this.parser.push(this.decoder.decode()), ...this.parser.end()]);
  }

  private take(events: ReturnType<StreamEventParser["push"]>): void {
    if (events.length === 0) return;
    const at = Math.round(performance.now() - this.startedAt);
    for (const event of events) {
      this.eventTimes.push(at);
      const found = findImages(event.value ?? event.data).at(-1);
      if (found) {
        const path = `$[${this.eventTimes.length - 1}]${(found.paths[0] ?? "$").slice(1)}`;
        this.progress = { ...this.progress, image: { source: found.source, path, partial: isPartialEvent(event) } };
      }
    }
    this.progress = { ...this.progress, events: this.eventTimes.length };
    this.onProgress?.(this.progress);
  }
}
