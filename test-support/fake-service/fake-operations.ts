import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { json } from "./behaviours";

/**
 * Long-running operations announced in headers, the way several cloud APIs answer: 202 (or 201)
 * with Operation-Location or Location and Retry-After, the body empty or a bare state. Polling the
 * operation walks through its API's own status words, then ends with the result (or a failure).
 * Each vocabulary is a real one: Azure's, Replicate's, fal's queue, Black Forest Labs'.
 */

type Vocabulary = { waiting: string[]; done: string; failed: string };
type Operation = { polls: number; vocabulary: Vocabulary; fails: boolean };
const operations = new Map<string, Operation>();

const AZURE: Vocabulary = { waiting: ["notStarted", "running"], done: "succeeded", failed: "failed" };
const REPLICATE: Vocabulary = { waiting: ["starting", "processing"], done: "succeeded", failed: "canceled" };
const FAL: Vocabulary = { waiting: ["IN_QUEUE", "IN_PROGRESS"], done: "COMPLETED", failed: "ERROR" };
const BFL: Vocabulary = { waiting: ["Pending", "Pending"], done: "Ready", failed: "Error" };

type Announcement = {
  status: 201 | 202;
  header: "operation-location" | "location";
  /** How the header names the operation: relative to the service, or in full. */
  relative: boolean;
  /** The submission's body: empty, or the first status word. */
  bodyState: boolean;
  vocabulary: Vocabulary;
  fails?: boolean;
  /** Names a host other than the service's: never to be polled with the key. */
  elsewhere?: boolean;
};

export const OPERATION_MODELS: Record<string, Announcement> = {
  // 202, empty body, a relative Operation-Location (Azure).
  "fake-operation": { status: 202, header: "operation-location", relative: true, bodyState: false, vocabulary: AZURE },
  // 201 with the first state in the body and a full Location (fal's queue).
  "fake-operation-location": { status: 201, header: "location", relative: false, bodyState: true, vocabulary: FAL },
  "fake-operation-replicate": { status: 202, header: "location", relative: true, bodyState: true, vocabulary: REPLICATE },
  "fake-operation-bfl": { status: 202, header: "operation-location", relative: false, bodyState: false, vocabulary: BFL },
  "fake-operation-failing": { status: 202, header: "operation-location", relative: true, bodyState: false, vocabulary: AZURE, fails: true },
  "fake-operation-elsewhere": {
    status: 202,
    header: "operation-location",
    relative: false,
    bodyState: false,
    vocabulary: AZURE,
    elsewhere: true,
  },
};

/** The one second a service asks for between polls. */
const RETRY_AFTER = "1";

export function announceOperation(response: ServerResponse, base: string, announcement: Announcement): void {
  const id = randomUUID();
  operations.set(id, { polls: 0, vocabulary: announcement.vocabulary, fails: announcement.fails ?? false });
  const path = `/v1/operations/${id}`;
  const origin = announcement.elsewhere ? base.replace("127.0.0.1", "127.0.0.2") : base;
  const headers = { [announcement.header]: announcement.relative ? path : `${origin}${path}`, "retry-after": RETRY_AFTER };
  if (!announcement.bodyState) {
    response.writeHead(announcement.status, headers);
    response.end();
    return;
  }
  for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  json(response, announcement.status, { status: announcement.vocabulary.waiting[0] });
}

/** GET /v1/operations/<id>: true when this request was an operation's poll and has been answered. */
export function answerOperationPoll(request: IncomingMessage, response: ServerResponse, path: string, base: string): boolean {
  const match = /^(?:\/api)?\/v1\/operations\/([\w-]+)$/.exec(path);
  if (request.method !== "GET" || !match?.[1]) return false;
  const operation = operations.get(match[1]);
  if (!operation) {
    json(response, 404, { error: { message: "No such operation." } });
    return true;
  }
  const { vocabulary } = operation;
  operation.polls += 1;
  const waiting = vocabulary.waiting[operation.polls - 1];
  if (waiting !== undefined) {
    response.setHeader("retry-after", RETRY_AFTER);
    json(response, 200, { id: match[1], status: waiting });
  } else if (operation.fails) {
    json(response, 200, { id: match[1], status: vocabulary.failed, error: { message: "The operation ran out of memory." } });
  } else {
    json(response, 200, { id: match[1], status: vocabulary.done, result: { data: [{ url: `${base}/files/operation-${match[1]}.png` }] } });
  }
  return true;
}
