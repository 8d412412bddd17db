import { framingOfType, sniffFraming } from "@/lib/answer/stream-framing";
import type { StreamRead } from "@/lib/utils/read-stream";
import type { StreamEventReader, StreamProgress } from "./stream-event-reader";
import { joinInSlices } from "./sliced-bytes";

/**
 * Reads the service's answer as it arrives. When it is a stream of events (by its type, or by its
 * first bytes), the stream reader (loaded then) notes each event's arrival time and hands the newest
 * picture to `onProgress` at once, so the page can paint partial images before the stream ends.
 */

export type { StreamProgress } from "./stream-event-reader";

export type AnswerRead = StreamRead & { eventTimes?: number[] };

const loadStreamReader = () => import("./stream-event-reader");

export async function readAnswer(
  stream: ReadableStream<Uint8Array> | null,
  options: { contentType: string; startedAt: number; onProgress?: (progress: StreamProgress) => void },
): Promise<AnswerRead> {
  if (!stream) return { ok: true, bytes: new Uint8Array(0), size: 0 };
  const declared = framingOfType(options.contentType);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let events: StreamEventReader | null = null;
  try {
    if (declared) {
      const { StreamEventReader } = await loadStreamReader();
      events = new StreamEventReader(declared, options.contentType, options.startedAt, options.onProgress);
    }
    let first = true;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      chunks.push(value);
      if (first && !declared) {
        // A stream sent without its type still shows itself in its first bytes.
        const framing = sniffFraming(new TextDecoder().decode(value.subarray(0, 4096)));
        if (framing) {
          const { StreamEventReader } = await loadStreamReader();
          events = new StreamEventReader(framing, options.contentType, options.startedAt, options.onProgress);
        }
      }
      first = false;
      events?.push(value);
    }
  } catch {
    return { ok: false, reason: "broken", size };
  }
  events?.end();
  // A large answer is put together over several tasks, so the page keeps painting meanwhile.
  const bytes = await joinInSlices(chunks, size);
  return { ok: true, bytes, size, ...(events ? { eventTimes: events.eventTimes } : {}) };
}
