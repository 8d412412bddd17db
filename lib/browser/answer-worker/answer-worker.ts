/// <reference lib="webworker" />
/**
 * Reads large answers off the page's main thread: JSON parsing, image finding, base64 decoding and
 * packing for history all happen here, and the page receives the result (images as Blobs, which
 * cross to the page without a copy). The page stays responsive however large the answer.
 */
import { analyseAnswer } from "@/lib/history/analyse-answer";
import { interpretAnswer } from "@/lib/answer/interpret-answer";
import { withBlobSources } from "./blob-sources";
import type { WorkerRequest, WorkerResponse } from "./worker-messages";

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { id, task, bytes, contentType, base } = event.data;
  let reply: WorkerResponse;
  try {
    reply =
      task === "interpret"
        ? { id, ok: true, task, result: withBlobSources(interpretAnswer(bytes, contentType, base)) }
        : { id, ok: true, task, result: await analyseAnswer(bytes, contentType, undefined, base) };
  } catch (error) {
    reply = { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
