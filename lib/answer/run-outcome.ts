import type { Problem } from "@/lib/request/problem";

/** What one request to our route ended in: the service's answer (byte for byte), our own problem, a failure to reach us, or a cancel. */
export type ServiceExchange = {
  requestId: string;
  status: number;
  statusText: string;
  contentType: string;
  url: string;
  urlsTried: string[];
  keyHint: string;
  headersMs: number | null;
  totalMs: number;
  serviceRequestId: string;
  retryAfter: string;
  location: string;
  /** The service's Operation-Location header (long-running operations), when it sent one. */
  operationLocation?: string;
  /** Present when the service compressed its answer (the bytes are the decoded answer). */
  transfer?: AnswerTransfer;
  /** Polling URLs the service named, each with the grant our server issued for /api/poll (see ANSWER_HEADERS.pollGrants). */
  pollGrants?: Record<string, string>;
  /** Pictures on the service's host, each with the grant our server issued for /api/image (see ANSWER_HEADERS.imageGrants). */
  imageGrants?: Record<string, string>;
  /** For an answer sent as a stream of events: when each arrived, in ms after the request was sent. */
  eventTimes?: number[];
  bytes: Uint8Array<ArrayBuffer>;
};

/** How a compressed answer travelled: its Content-Encoding, whether the server undid it, its size on the wire. */
export type AnswerTransfer = { encoding: string; decoded: boolean; wireBytes: number | null };

export type RunOutcome =
  | { kind: "service"; exchange: ServiceExchange }
  | { kind: "problem"; problem: Problem; status: number; url: string; totalMs: number }
  | { kind: "failed"; message: string; totalMs: number }
  | { kind: "cancelled"; totalMs: number };
