import type { InterpretedAnswer } from "@/lib/answer/interpret-answer";
import type { AnswerAnalysis } from "@/lib/history/analyse-answer";

/** What the page tells the answer worker, and what it answers. */

export type WorkerTask = "interpret" | "analyse";

/**
 * A slice of an answer's bytes, moved (not copied) to the worker ahead of the tasks that read it;
 * `body` names the answer, `size` is its whole length. An answer is sent once for every task on it.
 */
export type BodyPart = { kind: "part"; body: number; size: number; offset: number; bytes: Uint8Array<ArrayBuffer> };

/** `base`: the URL of the service that answered (relative image paths resolve against it). */
export type TaskRequest = { kind: "task"; id: number; task: WorkerTask; body: number; contentType: string; base?: string };

export type WorkerRequest = BodyPart | TaskRequest;

/** `missing`: the worker no longer holds that answer (it keeps the latest few); sending it again helps. */
export type WorkerResponse =
  | { id: number; ok: true; task: "interpret"; result: InterpretedAnswer }
  | { id: number; ok: true; task: "analyse"; result: AnswerAnalysis }
  | { id: number; ok: false; message: string; missing?: true };
