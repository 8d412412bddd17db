import { sliceBounds } from "@/lib/browser/sliced-bytes";
import { yieldToPage } from "@/lib/browser/yield-to-page";
import type { OpenStreamEvents, StreamProgress } from "@/lib/browser/stream-event-reader";
import type { AnswerMirror } from "@/lib/browser/read-answer-events";
import type { StreamProgressMessage, TaskRequest, WorkerRequest, WorkerResponse, WorkerTask } from "./worker-messages";

/**
 * The one answer worker of the page: started on first need (or warmed when a run starts, so it
 * has booted by the time a large answer arrives) and kept. If it cannot start or it crashes, every
 * waiting request is answered "failed" and the caller does the work on the page instead.
 *
 * An answer goes to the worker once, however many tasks read it, as copies of a few megabytes
 * each moved to the worker one task at a time: cloning 64 MB in one message held the page for
 * 300 ms, and each task sent its own clone. The page keeps its own bytes (history, the raw size).
 */

/** Answers at least this large are read in the worker; smaller ones on the page (a round trip would cost more). */
export const WORKER_THRESHOLD_BYTES = 512 * 1024;

type Pending = { resolve: (response: WorkerResponse) => void };

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
let nextBody = 1;
const pending = new Map<number, Pending>();
let nextStream = 1;
/** Who is told of each open stream's progress. */
const streamListeners = new Map<number, (message: StreamProgressMessage) => void>();
/** Answers already sent (or being sent) to the worker, and the number it knows each by. */
const bodiesSent = new WeakMap<Uint8Array, Promise<number>>();

function startWorker(): Worker | null {
  if (worker || broken) return worker;
  if (typeof Worker === "undefined") return null;
  try {
    worker = new Worker(new URL("./answer-worker.ts", import.meta.url), { type: "module", name: "answer-reader" });
  } catch {
    broken = true;
    return null;
  }
  worker.onmessage = (event: MessageEvent<WorkerResponse | StreamProgressMessage>) => {
    const message = event.data;
    if ("kind" in message) return streamListeners.get(message.stream)?.(message);
    pending.get(message.id)?.resolve(message);
    pending.delete(message.id);
  };
  worker.onerror = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const [id, waiting] of pending) waiting.resolve({ id, ok: false, message: "the answer worker stopped" });
    pending.clear();
  };
  return worker;
}

/** Boots the worker ahead of need: a run has started, and its answer may be large. */
export function warmAnswerWorker(): void {
  startWorker();
}

async function sendInSlices(target: Worker, bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const body = nextBody++;
  for (const { start, end } of sliceBounds(bytes.length)) {
    const part = bytes.slice(start, end);
    target.postMessage({ kind: "part", body, size: bytes.length, offset: start, bytes: part } satisfies WorkerRequest, [part.buffer]);
    if (end < bytes.length) await yieldToPage();
  }
  return body;
}

function sendBody(target: Worker, bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  let sent = bodiesSent.get(bytes);
  if (!sent) {
    sent = sendInSlices(target, bytes);
    bodiesSent.set(bytes, sent);
  }
  return sent;
}

/**
 * An answer copied to the worker chunk by chunk while the page reads it, once it has passed
 * `WORKER_THRESHOLD_BYTES`: when the last byte arrives the worker holds it all, and its first task
 * starts at once instead of after the whole answer is sent over (a 22 MB answer took 120 ms to
 * send). Each chunk is copied as it comes (the page keeps its own for history), so the copies are
 * spread over the download.
 */
export function openAnswerMirror(sizeHint: number | null): AnswerMirror {
  const waiting: Uint8Array[] = [];
  let waitingBytes = 0;
  let target: Worker | null = null;
  /** No worker to send to: the page reads the answer itself, as without a mirror. */
  let without = false;
  let body = 0;
  let offset = 0;
  const send = (chunk: Uint8Array) => {
    const bytes = chunk.slice();
    const at = offset;
    // Counted before it is moved: a moved array reads as empty.
    offset += bytes.byteLength;
    const hint = at === 0 && sizeHint !== null ? { sizeHint } : {};
    if (worker === target)
      target?.postMessage({ kind: "body-chunk", body, offset: at, bytes, ...hint } satisfies WorkerRequest, [bytes.buffer]);
  };
  return {
    push: (chunk) => {
      if (target) return send(chunk);
      if (without) return;
      waiting.push(chunk);
      waitingBytes += chunk.byteLength;
      if (waitingBytes < WORKER_THRESHOLD_BYTES) return;
      target = startWorker();
      if (!target) {
        without = true;
        waiting.length = 0;
        return;
      }
      body = nextBody++;
      for (const held of waiting.splice(0)) send(held);
    },
    end: (bytes) => {
      if (!target || worker !== target) return;
      target.postMessage({ kind: "body-end", body, size: offset } satisfies WorkerRequest);
      // The tasks on this answer find it there (see sendBody); a worker that let it go asks again.
      if (offset === bytes.length) bodiesSent.set(bytes, Promise.resolve(body));
    },
    drop: () => {
      if (target && worker === target) target.postMessage({ kind: "body-drop", body } satisfies WorkerRequest);
    },
  };
}

function ask(target: Worker, request: Omit<TaskRequest, "kind" | "id">): Promise<WorkerResponse> {
  const id = nextId++;
  // It stopped while the answer was being sent: nobody would answer.
  if (worker !== target) return Promise.resolve({ id, ok: false, message: "the answer worker stopped" });
  return new Promise((resolve) => {
    pending.set(id, { resolve });
    target.postMessage({ kind: "task", id, ...request } satisfies WorkerRequest);
  });
}

/**
 * Readings of answers asked for before the page needs them, by the answer's bytes (an answer's
 * bytes always come with the same type and service URL): asked for once, answered to every asker.
 */
const readAhead = new WeakMap<Uint8Array, Promise<WorkerResponse> | null>();

/**
 * Starts reading a large answer for display as soon as it has arrived: the result view that shows
 * it asks only once it has been rendered and painted, 100 ms later, and then finds it under way.
 */
export function interpretAhead(bytes: Uint8Array<ArrayBuffer>, contentType: string, base?: string): void {
  if (bytes.length < WORKER_THRESHOLD_BYTES || readAhead.has(bytes)) return;
  readAhead.set(bytes, askWorker("interpret", bytes, contentType, base));
}

/** The worker's answer, or null when there is no worker to ask. */
export function askAnswerWorker(
  task: WorkerTask,
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
  base?: string,
): Promise<WorkerResponse> | null {
  const ahead = task === "interpret" ? readAhead.get(bytes) : undefined;
  return ahead === undefined ? askWorker(task, bytes, contentType, base) : ahead;
}

function askWorker(task: WorkerTask, bytes: Uint8Array<ArrayBuffer>, contentType: string, base?: string): Promise<WorkerResponse> | null {
  const target = startWorker();
  if (!target) return null;
  return (async () => {
    const body = await sendBody(target, bytes);
    const response = await ask(target, { task, body, contentType, base });
    if (response.ok || !response.missing) return response;
    // The worker let the answer go for newer ones: sent once more.
    bodiesSent.delete(bytes);
    return ask(target, { task, body: await sendBody(target, bytes), contentType, base });
  })();
}

/**
 * A streamed answer read in the worker as it arrives (see stream-sessions), or null when there is
 * no worker. Each chunk is copied over (the page keeps its own for the whole answer); `end` gives
 * the events' arrival times, or null when the worker stopped meanwhile.
 */
export const openStreamSession: OpenStreamEvents = (framing, contentType, startedAt, onProgress) => {
  const target = startWorker();
  if (!target) return null;
  const stream = nextStream++;
  // The picture shown stays the same object until a new one comes.
  let progress: StreamProgress = { events: 0, image: null };
  streamListeners.set(stream, ({ events, image, imageReadAt }) => {
    progress =
      image === undefined
        ? { ...progress, events }
        : { events, image, ...(imageReadAt === undefined ? {} : { imageReadAt: imageReadAt - performance.timeOrigin }) };
    onProgress?.(progress);
  });
  const send = (request: WorkerRequest, transfer: Transferable[] = []) => {
    if (worker === target) target.postMessage(request, transfer);
  };
  send({ kind: "stream-open", stream, framing, contentType, startedAt: performance.timeOrigin + startedAt });
  return {
    push: (chunk) => {
      const bytes = chunk.slice();
      send({ kind: "stream-part", stream, bytes }, [bytes.buffer]);
    },
    end: async () => {
      const id = nextId++;
      const answered = new Promise<WorkerResponse>((resolve) => {
        if (worker !== target) return resolve({ id, ok: false, message: "the answer worker stopped" });
        pending.set(id, { resolve });
        target.postMessage({ kind: "stream-close", stream, id } satisfies WorkerRequest);
      });
      const response = await answered;
      streamListeners.delete(stream);
      return response.ok && response.task === "stream" ? response.eventTimes : null;
    },
  };
};
