import type { InterpretedAnswer } from "@/lib/answer/interpret-answer";
import type { AnswerAnalysis } from "@/lib/history/analyse-answer";
import type { StreamFraming } from "@/lib/answer/stream-framing";
import type { StreamProgress } from "@/lib/browser/stream-event-reader";

/** What the page tells the answer worker, and what it answers. */

export type WorkerTask = "interpret" | "analyse";

/**
 * A slice of an answer's bytes, moved (not copied) to the worker ahead of the tasks that read it;
 * `body` names the answer, `size` is its whole length. An answer is sent once for every task on it.
 */
export type BodyPart = { kind: "part"; body: number; size: number; offset: number; bytes: Uint8Array<ArrayBuffer> };

/** `base`: the URL of the service that answered (relative image paths resolve against it). */
export type TaskRequest = { kind: "task"; id: number; task: WorkerTask; body: number; contentType: string; base?: string };

/**
 * A streamed answer read as it arrives (see stream-sessions): opened, its chunks moved over one by
 * one, and closed with a task request's `id` that the event times answer. `startedAt` is a time
 * since the epoch (the page's and the worker's clocks start at different moments).
 */
export type StreamRequest =
  | { kind: "stream-open"; stream: number; framing: StreamFraming; contentType: string; startedAt: number }
  | { kind: "stream-part"; stream: number; bytes: Uint8Array<ArrayBuffer> }
  | { kind: "stream-close"; stream: number; id: number };

/**
 * An answer moved to the worker while it is still arriving (see answer-mirror): its chunks in order,
 * each with where it starts, then its end with the whole length, or word that it broke off.
 */
export type BodyChunk =
  /** `sizeHint` (first chunk only): the length the answer was said to have, room made for it at once. */
  | { kind: "body-chunk"; body: number; offset: number; bytes: Uint8Array<ArrayBuffer>; sizeHint?: number }
  | { kind: "body-end"; body: number; size: number }
  | { kind: "body-drop"; body: number };

export type WorkerRequest = BodyPart | BodyChunk | TaskRequest | StreamRequest;

/**
 * A stream read in the worker has more events (not an answer to a request); `image` only when a
 * new picture came, so the page keeps showing the same one (a copy crossing over would be new).
 */
export type StreamProgressMessage = {
  kind: "stream-progress";
  stream: number;
  events: number;
  image?: StreamProgress["image"];
  /** When that picture's event was read, in milliseconds since the epoch. */
  imageReadAt?: number;
};

/** `missing`: the worker no longer holds that answer (it keeps the latest few); sending it again helps. */
export type WorkerResponse =
  | { id: number; ok: true; task: "interpret"; result: InterpretedAnswer }
  | { id: number; ok: true; task: "analyse"; result: AnswerAnalysis }
  | { id: number; ok: true; task: "stream"; eventTimes: number[] }
  | { id: number; ok: false; message: string; missing?: true };
