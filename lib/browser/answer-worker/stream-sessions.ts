import { imageBlob } from "@/lib/browser/image-blob";
import { StreamEventReader, type StreamProgress } from "@/lib/browser/stream-event-reader";
import type { StreamProgressMessage, StreamRequest, WorkerResponse } from "./worker-messages";

/**
 * The worker's side of streamed answers: each stream's events read here as its chunks come, and
 * the newest picture sent to the page as a Blob, decoded once. A 16 MB event is tens of
 * milliseconds of joining, parsing and decoding: on the page that held it for half a second.
 */

type Post = (message: StreamProgressMessage | WorkerResponse) => void;
type Picture = StreamProgress["image"];

const readers = new Map<number, StreamEventReader>();

/** A picture as a Blob; a URL stays a URL. */
function asBlob(image: NonNullable<Picture>): Picture {
  if (image.source.kind === "url" || image.source.kind === "blob") return image;
  const blob = imageBlob(image.source);
  return blob ? { ...image, source: { kind: "blob", mime: image.source.mime, blob } } : image;
}

export function handleStreamRequest(request: StreamRequest, post: Post): void {
  if (request.kind === "stream-open") {
    const { stream, framing, contentType } = request;
    // Arrival times are counted from the page's start, whatever this worker's clock started at.
    const startedAt = request.startedAt - performance.timeOrigin;
    // The reader reports its newest picture with every event: only a new one is decoded and sent.
    let sent: Picture = null;
    const reader = new StreamEventReader(framing, contentType, startedAt, ({ events, image }) => {
      const fresh = image !== sent && image !== null;
      sent = image;
      const readAt = performance.timeOrigin + performance.now();
      post({ kind: "stream-progress", stream, events, ...(fresh ? { image: asBlob(image), imageReadAt: readAt } : {}) });
    });
    readers.set(stream, reader);
    return;
  }
  const reader = readers.get(request.stream);
  if (request.kind === "stream-part") {
    reader?.push(request.bytes);
    return;
  }
  readers.delete(request.stream);
  if (!reader) return post({ id: request.id, ok: false, message: "the stream is not open here" });
  reader.end();
  post({ id: request.id, ok: true, task: "stream", eventTimes: reader.eventTimes });
}
