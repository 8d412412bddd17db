/// <reference lib="webworker" />
/**
 * Reads large answers off the page's main thread: JSON parsing, image finding, base64 decoding and
 * packing for history all happen here. The answer arrives in slices that are moved, not copied
 * (answer-worker-pool), and is kept for the tasks that follow on it; the page receives results
 * whose large parts are Blobs (pictures, the body to store, long strings), which cross to the page
 * by reference, so the page stays responsive however large the answer.
 */
import { analyseAnswer } from "@/lib/history/analyse-answer";
import { interpretAnswer } from "@/lib/answer/interpret-answer";
import { withBlobSources } from "./blob-sources";
import { handleStreamRequest } from "./stream-sessions";
import type { BodyPart, TaskRequest, WorkerRequest, WorkerResponse } from "./worker-messages";

declare const self: DedicatedWorkerGlobalScope;

/** Answers kept for tasks still to come (the page reads an answer, then history stores it). */
const KEPT_BODIES = 2;
const bodies = new Map<number, { bytes: Uint8Array<ArrayBuffer>; received: number }>();

function receivePart({ body, size, offset, bytes }: BodyPart): void {
  let kept = bodies.get(body);
  if (!kept) {
    kept = { bytes: new Uint8Array(size), received: 0 };
    bodies.set(body, kept);
    // The oldest answer goes first; a task that already started holds its bytes itself.
    for (const oldest of bodies.keys()) {
      if (bodies.size <= KEPT_BODIES) break;
      bodies.delete(oldest);
    }
  }
  kept.bytes.set(bytes, offset);
  kept.received += bytes.byteLength;
}

async function runTask({ id, task, body, contentType, base }: TaskRequest): Promise<WorkerResponse> {
  const kept = bodies.get(body);
  if (!kept || kept.received < kept.bytes.length) return { id, ok: false, message: "the answer is no longer held", missing: true };
  try {
    return task === "interpret"
      ? { id, ok: true, task, result: withBlobSources(interpretAnswer(kept.bytes, contentType, base)) }
      : { id, ok: true, task, result: await analyseAnswer(kept.bytes, contentType, undefined, base) };
  } catch (error) {
    return { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.kind === "part") return receivePart(request);
  if (request.kind !== "task") return handleStreamRequest(request, (message) => self.postMessage(message));
  self.postMessage(await runTask(request));
};
