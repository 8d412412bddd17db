import { framingOfType, sniffFraming, type StreamFraming } from "@/lib/answer/stream-framing";
import type { StreamRead } from "@/lib/utils/read-stream";
import type { OpenStreamEvents, StreamEventSink, StreamProgress } from "./stream-event-reader";
import { markPerformance, PERF_MARKS } from "./perf-marks";
import { joinInSlices } from "./sliced-bytes";
import { yieldToPage } from "./yield-to-page";

/**
 * Reads the service's answer as it arrives. When it is a stream of events (by its type, or by its
 * first bytes), a stream reader notes each event's arrival time and hands the newest picture to
 * `onProgress` at once, so the page can paint partial images before the stream ends. The reader
 * runs where `openEvents` puts it (the page's answer worker), else here (loaded then).
 */

export type { OpenStreamEvents, StreamProgress } from "./stream-event-reader";

export type AnswerRead = StreamRead & { eventTimes?: number[] };

/**
 * Somewhere the answer is copied to while it is read (the page's answer worker): given every chunk
 * in order, then the whole answer, or told it broke off.
 */
export type AnswerMirror = {
  push: (chunk: Uint8Array) => void;
  end: (bytes: Uint8Array<ArrayBuffer>) => void;
  drop: () => void;
};

type ReadOptions = {
  contentType: string;
  startedAt: number;
  onProgress?: (progress: StreamProgress) => void;
  openEvents?: OpenStreamEvents;
  /** `sizeHint`: the length the answer was said to have, when it was (room is made for it once). */
  openMirror?: (sizeHint: number | null) => AnswerMirror;
  sizeHint?: number | null;
};

const loadStreamReader = () => import("./stream-event-reader");

/**
 * Chunks already buffered come one after another without a pause: the loop gives the page a turn
 * once it has worked this long (a fast service's 64 MB answer was read in one task of half a second).
 */
const READ_SLICE_MS = 40;

/** The progress handed on, with the moment each new picture was read marked for the benchmarks. */
function markingNewPictures(onProgress: (progress: StreamProgress) => void): (progress: StreamProgress) => void {
  let last: StreamProgress["image"] = null;
  return (progress) => {
    if (progress.image && progress.image !== last) markPerformance(PERF_MARKS.streamImageReceived, progress.imageReadAt);
    last = progress.image;
    onProgress(progress);
  };
}

async function openEventSink(framing: StreamFraming, options: ReadOptions): Promise<StreamEventSink> {
  const onProgress = options.onProgress && markingNewPictures(options.onProgress);
  const elsewhere = options.openEvents?.(framing, options.contentType, options.startedAt, onProgress);
  if (elsewhere) return elsewhere;
  const { StreamEventReader } = await loadStreamReader();
  const reader = new StreamEventReader(framing, options.contentType, options.startedAt, onProgress);
  return {
    push: (chunk) => reader.push(chunk),
    end: async () => {
      reader.end();
      return reader.eventTimes;
    },
  };
}

export async function readAnswer(stream: ReadableStream<Uint8Array> | null, options: ReadOptions): Promise<AnswerRead> {
  if (!stream) return { ok: true, bytes: new Uint8Array(0), size: 0 };
  const declared = framingOfType(options.contentType);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let events: StreamEventSink | null = null;
  const mirror = options.openMirror?.(options.sizeHint ?? null) ?? null;
  try {
    if (declared) events = await openEventSink(declared, options);
    let first = true;
    let sliceStart = performance.now();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      chunks.push(value);
      if (first && !declared) {
        // A stream sent without its type still shows itself in its first bytes.
        const framing = sniffFraming(new TextDecoder().decode(value.subarray(0, 4096)));
        if (framing) events = await openEventSink(framing, options);
      }
      first = false;
      events?.push(value);
      mirror?.push(value);
      if (performance.now() - sliceStart > READ_SLICE_MS) {
        await yieldToPage();
        sliceStart = performance.now();
      }
    }
  } catch {
    void events?.end();
    mirror?.drop();
    return { ok: false, reason: "broken", size };
  }
  const eventTimes = await events?.end();
  // A large answer is put together over several tasks, so the page keeps painting meanwhile.
  const bytes = await joinInSlices(chunks, size);
  mirror?.end(bytes);
  return { ok: true, bytes, size, ...(eventTimes ? { eventTimes } : {}) };
}
