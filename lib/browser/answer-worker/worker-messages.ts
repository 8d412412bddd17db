import type { InterpretedAnswer } from "@/lib/answer/interpret-answer";
import type { AnswerAnalysis } from "@/lib/history/analyse-answer";

/** What the page asks the answer worker, and what it answers. */

export type WorkerTask = "interpret" | "analyse";

/** `base`: the URL of the service that answered (relative image paths resolve against it). */
export type WorkerRequest = { id: number; task: WorkerTask; bytes: Uint8Array<ArrayBuffer>; contentType: string; base?: string };

export type WorkerResponse =
  | { id: number; ok: true; task: "interpret"; result: InterpretedAnswer }
  | { id: number; ok: true; task: "analyse"; result: AnswerAnalysis }
  | { id: number; ok: false; message: string };
