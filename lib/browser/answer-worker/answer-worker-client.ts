import { interpretAnswer, type InterpretedAnswer } from "@/lib/answer/interpret-answer";
import { analyseAnswer, type AnswerAnalysis } from "@/lib/history/analyse-answer";
import type { WorkerRequest, WorkerResponse, WorkerTask } from "./worker-messages";

/**
 * The page's side of the answer worker: one worker, started on first need and kept. Answers below
 * `WORKER_THRESHOLD_BYTES` are read on the page at once (a worker round trip would cost more than
 * the work); larger ones go to the worker. Where workers are unavailable, or the worker fails, the
 * page does the work itself: slower, never wrong.
 */

export const WORKER_THRESHOLD_BYTES = 512 * 1024;

type Pending = { resolve: (response: WorkerResponse) => void };

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker | null {
  if (worker || broken) return worker;
  if (typeof Worker === "undefined") return null;
  try {
    worker = new Worker(new URL("./answer-worker.ts", import.meta.url), { type: "module", name: "answer-reader" });
  } catch {
    broken = true;
    return null;
  }
  worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
    pending.get(event.data.id)?.resolve(event.data);
    pending.delete(event.data.id);
  };
  worker.onerror = () => {
    // The worker could not start or crashed: every waiting request is redone on the page.
    broken = true;
    worker?.terminate();
    worker = null;
    for (const [id, waiting] of pending) waiting.resolve({ id, ok: false, message: "the answer worker stopped" });
    pending.clear();
  };
  return worker;
}

function ask(task: WorkerTask, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<WorkerResponse> | null {
  const target = startWorker();
  if (!target) return null;
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, { resolve });
    // The bytes are copied, not transferred: the page keeps its own for history and the raw size.
    target.postMessage({ id, task, bytes, contentType } satisfies WorkerRequest);
  });
}

/** The answer interpreted off the main thread (large answers), else on it. */
export async function interpretLargeAnswer(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<InterpretedAnswer> {
  const response = bytes.length >= WORKER_THRESHOLD_BYTES ? await ask("interpret", bytes, contentType) : null;
  if (response?.ok && response.task === "interpret") return response.result;
  return interpretAnswer(bytes, contentType);
}

/** History's analysis of an answer, off the main thread when it is large. */
export async function analyseLargeAnswer(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
  pause: () => Promise<void>,
): Promise<AnswerAnalysis> {
  const response = bytes.length >= WORKER_THRESHOLD_BYTES ? await ask("analyse", bytes, contentType) : null;
  if (response?.ok && response.task === "analyse") return response.result;
  return analyseAnswer(bytes, contentType, pause);
}
