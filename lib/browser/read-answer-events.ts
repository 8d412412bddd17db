import { framingOfType, isPartialEvent, sniffFraming, StreamEventParser, type StreamFraming } from "@/lib/answer/answer-stream";
import { findImages, type ImageSource } from "@/lib/answer/image-finder";
import type { StreamRead } from "@/lib/utils/read-stream";
import { markPerformance, PERF_MARKS } from "./perf-marks";

/**
 * Reads the service's answer as it arrives. When it is a stream of events (by its type, or by its
 * first bytes), each event is noted with its arrival time and the newest picture in it is handed to
 * `onProgress` at once, so the page can paint partial images before the stream ends.
 */

export type StreamProgress = {
  events: number;
  /** The newest picture any event carried so far, and whether it was a partial one. */
  image: { source: ImageSource; path: string; partial: boolean } | null;
};

export type AnswerRead = StreamRead & { eventTimes?: number[] };

function textDecoder(contentType: string): TextDecoder {
  const charset = /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

export async function readAnswer(
  stream: ReadableStream<Uint8Array> | null,
  options: { contentType: string; startedAt: number; onProgress?: (progress: StreamProgress) => void },
): Promise<AnswerRead> {
  if (!stream) return { ok: true, bytes: new Uint8Array(0), size: 0 };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let framing: StreamFraming | null = framingOfType(options.contentType);
  let sniffed = framing !== null;
  const decoder = textDecoder(options.contentType);
  let parser = framing ? new StreamEventParser(framing) : null;
  const eventTimes: number[] = [];
  let progress: StreamProgress = { events: 0, image: null };

  const take = (events: ReturnType<StreamEventParser["push"]>) => {
    if (events.length === 0) return;
    const at = Math.round(performance.now() - options.startedAt);
    const previousImage = progress.image;
    for (const event of events) {
      eventTimes.push(at);
      const found = findImages(event.value ?? event.data).at(-1);
      if (found) {
        const index = eventTimes.length - 1;
        const path = `$[${index}]${(found.paths[0] ?? "$").slice(1)}`;
        progress = { ...progress, image: { source: found.source, path, partial: isPartialEvent(event) } };
      }
    }
    if (progress.image && progress.image !== previousImage) markPerformance(PERF_MARKS.streamImageReceived);
    progress = { ...progress, events: eventTimes.length };
    options.onProgress?.(progress);
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      chunks.push(value);
      if (!sniffed) {
        // A stream sent without its type still shows itself in its first bytes.
        sniffed = true;
        framing = sniffFraming(new TextDecoder().decode(value.subarray(0, 4096)));
        if (framing) parser = new StreamEventParser(framing);
      }
      if (parser) take(parser.push(decoder.decode(value, { stream: true })));
    }
  } catch {
    return { ok: false, reason: "broken", size };
  }
  if (parser) take([...parser.push(decoder.decode()), ...parser.end()]);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes, size, ...(parser ? { eventTimes } : {}) };
}
