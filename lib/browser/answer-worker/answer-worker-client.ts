import { interpretAnswer, type InterpretedAnswer } from "@/lib/answer/interpret-answer";
import { analyseAnswer, type AnswerAnalysis } from "@/lib/history/analyse-answer";
import { askAnswerWorker, WORKER_THRESHOLD_BYTES } from "./answer-worker-pool";

export { WORKER_THRESHOLD_BYTES };

/**
 * The page's side of the answer worker (see answer-worker-pool). Answers below
 * `WORKER_THRESHOLD_BYTES` are read on the page at once (a worker round trip would cost more than
 * the work); larger ones go to the worker. Where workers are unavailable, or the worker fails, the
 * page does the work itself: slower, never wrong.
 */

/** The answer interpreted off the main thread (large answers), else on it. */
export async function interpretLargeAnswer(bytes: Uint8Array<ArrayBuffer>, contentType: string, base?: string): Promise<InterpretedAnswer> {
  const response = bytes.length >= WORKER_THRESHOLD_BYTES ? await askAnswerWorker("interpret", bytes, contentType, base) : null;
  if (response?.ok && response.task === "interpret") return response.result;
  return interpretAnswer(bytes, contentType, base);
}

/** History's analysis of an answer, off the main thread when it is large. */
export async function analyseLargeAnswer(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
  pause: () => Promise<void>,
  base?: string,
): Promise<AnswerAnalysis> {
  const response = bytes.length >= WORKER_THRESHOLD_BYTES ? await askAnswerWorker("analyse", bytes, contentType, base) : null;
  if (response?.ok && response.task === "analyse") return response.result;
  return analyseAnswer(bytes, contentType, pause, base);
}
