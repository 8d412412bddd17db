/**
 * What the Batches page and the API read of a batch: its state and counts, and each row's outcome.
 * Shared by the server (which answers them) and the page (which shows them).
 */

export const BATCH_STATES = ["queued", "running", "paused", "done", "cancelled", "failed"] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export const ROW_STATES = ["waiting", "sending", "done", "failed", "cancelled"] as const;
export type BatchRowState = (typeof ROW_STATES)[number];

/** A batch still to end: what counts against a person's batches in flight. */
export const isUnfinished = (state: BatchState) => state === "queued" || state === "running" || state === "paused";

export type BatchSummary = {
  id: string;
  name: string;
  state: BatchState;
  /** Why a paused batch waits: the person paused it, or the budget is used (then `pauseDetail` says which). */
  pausedFor: "person" | "budget" | null;
  pauseDetail: string | null;
  concurrency: number;
  total: number;
  done: number;
  failed: number;
  /** Rows at the service right now (sent, not yet answered). */
  sending: number;
  /** Rows the service has answered whose run is being recorded (on PostgreSQL, see the batch runner). */
  recording: number;
  costMicros: number;
  currency: string | null;
  /** The collection its runs go to. */
  collectionId: string | null;
  hasWebhook: boolean;
  webhookOutcome: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** When it should end at the pace so far (ms since the epoch); null until that can be said. */
  estimatedEndAt: number | null;
};

/** One attempt at a row: when it was sent, and what came of it ("unknown": in flight when the server stopped). */
export type RowAttempt = { at: number; outcome: "pending" | "unknown" | "answered" | "not-sent"; status?: number };

export type BatchRowView = {
  position: number;
  line: number;
  prompt: string;
  model: string;
  aspectRatio: string;
  state: BatchRowState;
  attempts: RowAttempt[];
  status: number | null;
  problem: string | null;
  answerText: string | null;
  runId: string | null;
  images: number;
  costMicros: number;
};

/** The API's view of a batch: `GET /api/batches/<id>`. */
export function apiViewOf(batch: BatchSummary) {
  return { id: batch.id, name: batch.name, state: batch.state, total: batch.total, done: batch.done, failed: batch.failed };
}

/** The run a batch's row makes in its author's library: one per row, named so a second send of it is the same run. */
export const batchRunId = (batchId: string, position: number) => `batch-${batchId}-${position}`;
