import "server-only";
import { sql } from "drizzle-orm";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { rowsOf } from "@/lib/server/database/result-rows";
import type { GenerationRequest } from "@/lib/request/generation-request";
import type { BatchRowView, BatchState, BatchSummary, RowAttempt } from "@/lib/batches/batch-types";

/**
 * Batches and their rows in the database: made all at once (a batch is never half made), read by
 * their author, paused, resumed, cancelled, and their failed rows sent again. What the runner does
 * to rows while it sends them is in batch-rows-store.ts.
 */

type Store = Pick<DatabaseConnection, "db">;

const num = (value: unknown) => Number(value ?? 0);
const time = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).getTime());

const SUMMARY_COLUMNS = sql`b.id, b.name, b.state, b.paused_for, b.pause_detail, b.concurrency, b.total, b.done, b.failed,
  b.cost_micros, b.currency, b.collection_id, b.webhook_url IS NOT NULL AS has_webhook, b.webhook_outcome,
  b.created_at, b.started_at, b.finished_at,
  (SELECT count(*) FROM batch_rows r WHERE r.batch_id = b.id AND r.state = 'sending' AND r.answer IS NULL) AS sending,
  (SELECT count(*) FROM batch_rows r WHERE r.batch_id = b.id AND r.state = 'sending' AND r.answer IS NOT NULL) AS recording`;

function summaryOf(row: Record<string, unknown>): BatchSummary {
  const total = num(row.total);
  const finished = num(row.done) + num(row.failed);
  const startedAt = time(row.started_at);
  const state = row.state as BatchState;
  // The pace so far, once a few rows have ended: what is left at that pace.
  const estimatedEndAt =
    state === "running" && startedAt !== null && finished >= 2 && finished < total
      ? Date.now() + ((Date.now() - startedAt) / finished) * (total - finished)
      : null;
  return {
    id: String(row.id),
    name: String(row.name),
    state,
    pausedFor: (row.paused_for as BatchSummary["pausedFor"]) ?? null,
    pauseDetail: (row.pause_detail as string | null) ?? null,
    concurrency: num(row.concurrency),
    total,
    done: num(row.done),
    failed: num(row.failed),
    sending: num(row.sending),
    recording: num(row.recording),
    costMicros: num(row.cost_micros),
    currency: (row.currency as string | null) ?? null,
    collectionId: (row.collection_id as string | null) ?? null,
    hasWebhook: Boolean(row.has_webhook),
    webhookOutcome: (row.webhook_outcome as string | null) ?? null,
    createdAt: time(row.created_at) ?? 0,
    startedAt,
    finishedAt: time(row.finished_at),
    estimatedEndAt: estimatedEndAt === null ? null : Math.round(estimatedEndAt),
  };
}

export type NewBatch = {
  id: string;
  author: { id: string; name: string };
  name: string;
  rows: readonly { line: number; request: GenerationRequest }[];
  concurrency: number;
  collectionId: string | null;
  webhook: { url: string; secret: string } | null;
  currency: string | null;
};

/** Rows go in at most this many per statement: one parameter of JSON each time, whatever the batch's size. */
const INSERT_CHUNK = 2000;

/**
 * Makes the batch and all of its rows in one transaction, or nothing: refused (null) when the
 * person already has `perPerson` batches unfinished. Its rows wait for the runner to give them jobs.
 */
export async function insertBatch(store: Store, batch: NewBatch, perPerson: number): Promise<BatchSummary | null> {
  return store.db.transaction(async (tx) => {
    // One person's batches are made one at a time, so several at once cannot pass the count together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`batches:${batch.author.id}`}::text))`);
    const [counted] = rowsOf(
      await tx.execute(sql`SELECT count(*) AS unfinished FROM batches
        WHERE author = ${batch.author.id}::text AND state IN ('queued', 'running', 'paused')`),
    );
    if (num(counted?.unfinished) >= perPerson) return null;
    await tx.execute(sql`
      INSERT INTO batches (id, author, author_name, name, state, concurrency, total, collection_id, webhook_url, webhook_secret, currency)
      VALUES (${batch.id}::text, ${batch.author.id}::text, ${batch.author.name}::text, ${batch.name}::text, 'queued',
              ${batch.concurrency}::integer, ${batch.rows.length}::integer, ${batch.collectionId}::text,
              ${batch.webhook?.url ?? null}::text, ${batch.webhook?.secret ?? null}::text, ${batch.currency}::text)`);
    for (let start = 0; start < batch.rows.length; start += INSERT_CHUNK) {
      const chunk = batch.rows.slice(start, start + INSERT_CHUNK).map((row, index) => ({
        position: start + index,
        line: row.line,
        request: row.request,
      }));
      await tx.execute(sql`
        INSERT INTO batch_rows (batch_id, position, line, request, state)
        SELECT ${batch.id}::text, r.position, r.line, r.request, 'waiting'
        FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS r(position integer, line integer, request jsonb)`);
    }
    const [made] = rowsOf(await tx.execute(sql`SELECT ${SUMMARY_COLUMNS} FROM batches b WHERE b.id = ${batch.id}::text`));
    return made ? summaryOf(made) : null;
  });
}

/** Whether any batch, anyone's, is queued, running or paused, or ended with its webhook not yet answered. */
export async function hasUnfinishedBatches(store: Store): Promise<boolean> {
  // A batch that ended without its webhook answered is unfinished work too: the runner calls it.
  const rows = rowsOf(
    await store.db.execute(sql`SELECT 1 FROM batches
      WHERE state IN ('queued', 'running', 'paused') OR (webhook_url IS NOT NULL AND webhook_outcome IS NULL) LIMIT 1`),
  );
  return rows.length > 0;
}

/** The author's batch, or null when there is none by that id of theirs. */
export async function batchFor(store: Store, id: string, author: string): Promise<BatchSummary | null> {
  const [row] = rowsOf(
    await store.db.execute(sql`SELECT ${SUMMARY_COLUMNS} FROM batches b WHERE b.id = ${id}::text AND b.author = ${author}::text`),
  );
  return row ? summaryOf(row) : null;
}

/** The author's batches, newest first. */
export async function batchesFor(store: Store, author: string, limit = 200): Promise<BatchSummary[]> {
  const rows = rowsOf(
    await store.db.execute(sql`SELECT ${SUMMARY_COLUMNS} FROM batches b WHERE b.author = ${author}::text
      ORDER BY b.created_at DESC, b.id LIMIT ${limit}::integer`),
  );
  return rows.map(summaryOf);
}

export type BatchAction = "pause" | "resume" | "cancel" | "retry-failed";

/**
 * Changes a batch as its author asked; answers whether it applied (a finished batch is not
 * paused, a cancelled one not resumed). Cancelling marks every row still waiting at once, so the
 * runner sends none of them; rows being sent finish and are kept. Retrying puts the failed rows
 * back in line, with the attempts they had.
 */
export async function changeBatch(store: Store, id: string, author: string, action: BatchAction): Promise<boolean> {
  return store.db.transaction(async (tx) => {
    const [batch] = rowsOf(
      await tx.execute(sql`SELECT state, failed FROM batches WHERE id = ${id}::text AND author = ${author}::text FOR UPDATE`),
    );
    if (!batch) return false;
    const state = batch.state as BatchState;
    const unfinished = state === "queued" || state === "running" || state === "paused";
    switch (action) {
      case "pause":
        if (state !== "queued" && state !== "running") return false;
        await tx.execute(sql`UPDATE batches SET state = 'paused', paused_for = 'person', pause_detail = NULL, resume_at = NULL
          WHERE id = ${id}::text`);
        return true;
      case "resume":
        if (state !== "paused") return false;
        await tx.execute(sql`UPDATE batches SET state = 'running', paused_for = NULL, pause_detail = NULL, resume_at = NULL
          WHERE id = ${id}::text`);
        return true;
      case "cancel":
        if (!unfinished) return false;
        await tx.execute(sql`UPDATE batch_rows SET state = 'cancelled', job_id = NULL, finished_at = now(), answer = NULL, answer_bytes = NULL
          WHERE batch_id = ${id}::text AND state = 'waiting'`);
        await tx.execute(sql`UPDATE batches SET state = 'cancelled', paused_for = NULL, pause_detail = NULL, resume_at = NULL,
          finished_at = now() WHERE id = ${id}::text`);
        return true;
      case "retry-failed": {
        if (num(batch.failed) === 0 || state === "cancelled") return false;
        const retried = rowsOf(
          await tx.execute(sql`UPDATE batch_rows SET state = 'waiting', job_id = NULL, not_before = NULL, problem = NULL,
              answer_text = NULL, status = NULL, finished_at = NULL
            WHERE batch_id = ${id}::text AND state = 'failed' RETURNING position`),
        );
        await tx.execute(sql`UPDATE batches SET failed = failed - ${retried.length}::integer,
            state = CASE WHEN state = 'paused' THEN 'paused' ELSE 'running' END, finished_at = NULL, webhook_outcome = NULL
          WHERE id = ${id}::text`);
        return true;
      }
    }
  });
}

/** A page of the batch's rows in order, after `after` (a position), optionally of one state. */
export async function batchRowsPage(
  store: Store,
  id: string,
  options: { after: number; limit: number; state?: BatchRowView["state"] | null },
): Promise<BatchRowView[]> {
  const rows = rowsOf(
    await store.db.execute(sql`
      SELECT position, line, request, state, attempts, status, problem, answer_text, run_id, images, cost_micros
      FROM batch_rows WHERE batch_id = ${id}::text AND position > ${options.after}::integer
        ${options.state ? sql`AND state = ${options.state}::text` : sql``}
      ORDER BY position LIMIT ${options.limit}::integer`),
  );
  return rows.map(rowViewOf);
}

function rowViewOf(row: Record<string, unknown>): BatchRowView {
  const request = (typeof row.request === "string" ? JSON.parse(row.request) : row.request) as GenerationRequest;
  const attempts = (typeof row.attempts === "string" ? JSON.parse(row.attempts) : row.attempts) as RowAttempt[];
  return {
    position: num(row.position),
    line: num(row.line),
    prompt: request.prompt,
    model: request.model,
    aspectRatio: request.aspect_ratio,
    state: row.state as BatchRowView["state"],
    attempts,
    status: row.status === null || row.status === undefined ? null : num(row.status),
    problem: (row.problem as string | null) ?? null,
    answerText: (row.answer_text as string | null) ?? null,
    runId: (row.run_id as string | null) ?? null,
    images: num(row.images),
    costMicros: num(row.cost_micros),
  };
}
