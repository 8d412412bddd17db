/// <reference lib="webworker" />
/**
 * Reads large answers off the page's main thread: JSON parsing, image finding, base64 decoding and
 * packing for history all happen here. The answer arrives chunk by chunk while the page reads it,
 * or in slices once read (answer-worker-pool), moved, not copied, and is kept for the tasks that
 * follow on it (kept-bodies); the page receives results
 * whose large parts are Blobs (pictures, the body to store, long strings), which cross to the page
 * by reference, so the page stays responsive however large the answer.
 */
import { analyseAnswer } from "@/lib/history/analyse-answer";
import { interpretAnswer } from "@/lib/answer/interpret-answer";
import { withBlobSources } from "./blob-sources";
import { handleStreamRequest } from "./stream-sessions";
import { receiveBodyChunk, receivePart, wholeBody } from "./kept-bodies";
import type { TaskRequest, WorkerRequest, WorkerResponse } from "./worker-messages";

declare const self: DedicatedWorkerGlobalScope;

async function runTask({ id, task, body, contentType, base }: TaskRequest): Promise<WorkerResponse> {
  const bytes = wholeBody(body);
  if (!bytes) return { id, ok: false, message: "the answer is no longer held", missing: true };
  try {
    return task === "interpret"
      ? { id, ok: true, task, result: withBlobSources(interpretAnswer(bytes, contentType, base)) }
      : { id, ok: true, task, result: await analyseAnswer(bytes, contentType, undefined, base) };
  } catch (error) {
    return { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.kind === "part") return receivePart(request);
  if (request.kind === "body-chunk" || request.kind === "body-end" || request.kind === "body-drop") return receiveBodyChunk(request);
  if (request.kind !== "task") return handleStreamRequest(request, (message) => self.postMessage(message));
  self.postMessage(await runTask(request));
};
