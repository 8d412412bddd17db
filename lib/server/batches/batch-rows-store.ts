import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { rowsOf } from "@/lib/server/database/result-rows";
import type { GenerationRequest } from "@/lib/request/generation-request";
import type { BatchState } from "@/lib/batches/batch-types";
import { BATCH_QUEUE_PREFIX, QUEUE_SCHEMA } from "./queue-names";

/**
 * What the runner does to a batch's rows, each step one transaction. The rules that make a row
 * sent once: only the queue job a row names may act on it; claiming marks it "sending" with a lease
 * and a pending attempt before anything is sent; the service's answer is kept on
 * the row (the attempt "answered") before its run is recorded; a row still "sending" when its lease
 * is over (its instance stopped) goes back in line, to be recorded from its kept answer, or with no
 * answer kept, its attempt marked "unknown", to be sent again: the only case in which a row is sent
 * again without an answer saying it may be.
 */

type Store = Pick<DatabaseConnection, "db">;
const num = (value: unknown) => Number(value ?? 0);

/** When a lease of `leaseMs` taken now ends. */
const leaseFromNow = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000}::double precision)`;

/** The row's attempts with the one in flight (if any) marked "unknown": whether it reached the service nobody knows (migration 0015). */
const PENDING_AS_UNKNOWN = sql`batch_pending_as_unknown(attempts)`;

/** Batches the runner sends rows of, with how many of their rows are at the service (by any instance; answered rows being recorded are not). */
export type ActiveBatch = { id: string; concurrency: number; sending: number };

export async function activeBatches(store: Store): Promise<ActiveBatch[]> {
  const rows = rowsOf(
    await store.db.execute(sql`
      SELECT b.id, b.concurrency,
             (SELECT count(*) FROM batch_rows r WHERE r.batch_id = b.id AND r.state = 'sending' AND r.answer IS NULL) AS sending
      FROM batches b WHERE b.state IN ('queued', 'running') ORDER BY b.created_at, b.id`),
  );
  return rows.map((row) => ({ id: String(row.id), concurrency: num(row.concurrency), sending: num(row.sending) }));
}

/** Rows waiting with no queue job (new, resumed, retried, recovered), of batches that run. */
export async function rowsWithoutJobs(
  store: Store,
  limit: number,
): Promise<{ batchId: string; position: number; notBefore: Date | null }[]> {
  const rows = rowsOf(
    await store.db.execute(sql`
      SELECT r.batch_id, r.position, r.not_before FROM batches b
      JOIN batch_rows r ON r.batch_id = b.id AND r.state = 'waiting' AND r.job_id IS NULL
      WHERE b.state IN ('queued', 'running')
      ORDER BY b.created_at, r.batch_id, r.position LIMIT ${limit}::integer`),
  );
  return rows.map((row) => ({
    batchId: String(row.batch_id),
    position: num(row.position),
    notBefore: row.not_before ? new Date(row.not_before as string) : null,
  }));
}

/**
 * Names each row's job, if no other instance named one first; answers the positions of the rows
 * named here (only their jobs go in the queue).
 */
export async function assignJobs(store: Store, jobs: readonly { batchId: string; position: number; jobId: string }[]): Promise<number[]> {
  if (jobs.length === 0) return [];
  const named = rowsOf(
    await store.db.execute(sql`
      UPDATE batch_rows r SET job_id = j.job_id
      FROM jsonb_to_recordset(${JSON.stringify(jobs.map((job) => ({ batch_id: job.batchId, position: job.position, job_id: job.jobId })))}::jsonb)
        AS j(batch_id text, position integer, job_id text)
      WHERE r.batch_id = j.batch_id AND r.position = j.position AND r.state = 'waiting' AND r.job_id IS NULL
      RETURNING r.position`),
  );
  return named.map((row) => num(row.position));
}

/** Jobs that will not be handed out after all (the queue refused them, or the runner gave them back): their rows wait for jobs of their own again. */
export async function releaseJobs(store: Store, batchId: string, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await store.db.execute(sql`UPDATE batch_rows SET job_id = NULL
    WHERE batch_id = ${batchId}::text AND job_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(jobIds)}::jsonb))
      AND state = 'waiting'`);
}

export type Claim =
  | {
      kind: "send";
      request: GenerationRequest;
      author: { id: string; name: string };
      /** Earlier attempts whose outcome is unknown (in flight when a server stopped). */
      unknownAttempts: number;
      attempt: number;
    }
  /** The service answered the row's last attempt, whose run was not recorded (its server stopped): recorded now, not sent. */
  | {
      kind: "record";
      request: GenerationRequest;
      author: { id: string; name: string };
      answer: KeptAnswer;
      attempt: number;
    }
  /** Nothing to do: the row is another job's, or finished. */
  | { kind: "skip" }
  /** Not now: the batch is paused or cancelled (the row waits), or at its concurrency. */
  | { kind: "later" };

/**
 * Takes a row for sending, under its batch's lock (the batch's concurrency is counted across
 * instances): one call of the database's `claim_batch_row` (migrations 0015 and 0017), which takes the lock,
 * decides and marks the row within the call, so the lock is never held across a round trip.
 */
export async function claimRow(store: Store, row: { batchId: string; position: number; jobId: string }, leaseMs: number): Promise<Claim> {
  const [claimed] = rowsOf(
    await store.db.execute(sql`SELECT * FROM claim_batch_row(${row.batchId}::text, ${row.position}::integer, ${row.jobId}::text,
      ${leaseMs / 1000}::double precision)`),
  );
  return claimOf(claimed);
}

/** A row of `claim_batch_row`'s answer, read. */
function claimOf(claimed: Record<string, unknown> | undefined): Claim {
  if (claimed?.outcome === "later") return { kind: "later" };
  if (claimed?.outcome !== "send" && claimed?.outcome !== "record") return { kind: "skip" };
  const attempts = jsonOf(claimed.attempts_before) as { outcome: string }[];
  const request = jsonOf(claimed.row_request) as GenerationRequest;
  const author = { id: String(claimed.batch_author), name: String(claimed.batch_author_name) };
  if (claimed.outcome === "record") {
    const bytes = claimed.row_answer_bytes as Uint8Array | null;
    // The kept answer's attempt is the last one: it was counted when it was sent.
    return { kind: "record", request, author, attempt: attempts.length, answer: { meta: jsonOf(claimed.row_answer), bytes } };
  }
  return {
    kind: "send",
    request,
    author,
    unknownAttempts: attempts.filter((attempt) => attempt.outcome === "unknown" || attempt.outcome === "pending").length,
    attempt: attempts.length + 1,
  };
}

/** A jsonb value as the driver gives it: parsed by node-postgres, text from the embedded database's raw query. */
const jsonOf = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);

export type RowKey = { batchId: string; position: number; jobId: string };

/** jsonb holds no NUL character (a service's text may carry one): each becomes U+FFFD. */
const withoutNul = (_key: string, value: unknown) => (typeof value === "string" ? value.replaceAll("\u0000", "\uFFFD") : value);

/** The service's answer to a row, as kept on it: what it was, and its bytes (see send-batch-row.ts). */
export type KeptAnswer = { meta: unknown; bytes: Uint8Array | null };

/**
 * The service answered the row's attempt: the answer is kept on the row, and the attempt marked
 * answered, before its run is recorded. From here the row no longer counts against its batch's
 * concurrency (another row may be sent), and if its server stops before the record, the row is
 * recorded from this answer rather than sent again. False when this job no longer holds the row.
 * (One call of the database's `keep_batch_answer`, migration 0018.)
 */
export async function keepAnswer(store: Store, row: RowKey, status: number, answer: KeptAnswer): Promise<boolean> {
  const [result] = rowsOf(await store.db.execute(sql`SELECT keep_batch_answer(${keptArguments(row, status, answer)}) AS kept`));
  return Boolean(result?.kept);
}

/**
 * `keepAnswer`, and in the same call (migration 0018), the claim of the batch's next row, `next`:
 * the row answered gives its place at the service to the next one, with one round trip for both.
 * The claim is made after the keep, so the row answered no longer counts against the concurrency.
 */
export async function keepAnswerAndClaim(
  store: Store,
  row: RowKey,
  status: number,
  answer: KeptAnswer,
  next: { position: number; jobId: string },
  leaseMs: number,
): Promise<{ kept: boolean; claim: Claim }> {
  const [result] = rowsOf(
    await store.db.execute(sql`SELECT * FROM keep_batch_answer_and_claim(${keptArguments(row, status, answer)},
      ${next.position}::integer, ${next.jobId}::text, ${leaseMs / 1000}::double precision)`),
  );
  return { kept: Boolean(result?.kept), claim: claimOf(result) };
}

/** The arguments `keep_batch_answer` and `keep_batch_answer_and_claim` start with. */
const keptArguments = (row: RowKey, status: number, answer: KeptAnswer) =>
  sql`${row.batchId}::text, ${row.position}::integer, ${row.jobId}::text, ${status}::integer,
    ${JSON.stringify(answer.meta, withoutNul)}::jsonb, ${answer.bytes}::bytea`;

/**
 * A row that is following the service's job keeps its lease for another stretch: a job may take
 * longer than one lease, and a row past its lease goes back in line (sent again). "cancelled": the
 * batch was cancelled meanwhile; "lost": the row is no longer this job's (nothing it records counts).
 */
export async function holdRow(store: Store, row: RowKey, leaseMs: number): Promise<"held" | "cancelled" | "lost"> {
  const [held] = rowsOf(
    await store.db.execute(sql`
      UPDATE batch_rows r SET lease_until = ${leaseFromNow(leaseMs)}
      FROM batches b
      WHERE b.id = r.batch_id AND r.batch_id = ${row.batchId}::text AND r.position = ${row.position}::integer
        AND r.job_id = ${row.jobId}::text AND r.state = 'sending'
      RETURNING b.state AS batch_state`),
  );
  if (!held) return "lost";
  return held.batch_state === "cancelled" ? "cancelled" : "held";
}

/** The claimed attempt was not sent (the budget is used): the row waits, the batch pauses until `resumeAt`. */
export async function pauseForBudget(store: Store, row: RowKey, detail: string, resumeAt: Date): Promise<void> {
  await store.db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE batch_rows SET state = 'waiting', job_id = NULL, lease_until = NULL,
        attempts = (SELECT coalesce(jsonb_agg(a), '[]'::jsonb) FROM jsonb_array_elements(attempts) a WHERE a->>'outcome' <> 'pending')
      WHERE batch_id = ${row.batchId}::text AND position = ${row.position}::integer AND job_id = ${row.jobId}::text`);
    await tx.execute(sql`
      UPDATE batches SET state = 'paused', paused_for = 'budget', pause_detail = ${detail}::text, resume_at = ${resumeAt.toISOString()}::timestamptz
      WHERE id = ${row.batchId}::text AND state IN ('queued', 'running')`);
  });
}

/** The attempt was answered and may go better later (429, 5xx, a timeout): back in line, not before `notBefore`. */
export async function retryLater(store: Store, row: RowKey, status: number, notBefore: Date): Promise<void> {
  await store.db.execute(sql`
    UPDATE batch_rows SET state = 'waiting', job_id = NULL, lease_until = NULL, status = ${status}::integer,
      not_before = ${notBefore.toISOString()}::timestamptz,
      attempts = (SELECT coalesce(jsonb_agg(CASE WHEN a->>'outcome' = 'pending'
                    THEN a || jsonb_build_object('outcome', 'answered', 'status', ${status}::integer) ELSE a END), '[]'::jsonb)
                  FROM jsonb_array_elements(attempts) a)
    WHERE batch_id = ${row.batchId}::text AND position = ${row.position}::integer AND job_id = ${row.jobId}::text`);
}

export type RowEnd = {
  state: "done" | "failed";
  /** False when the attempt claimed last was not sent (the row gave up before it): it is not kept among the attempts. */
  sent?: boolean;
  status: number;
  problem: string | null;
  answerText: string | null;
  runId: string | null;
  images: number;
  costMicros: number;
};

/** What a batch that has just ended needs for its webhook; null when it goes on. */
export type EndedBatch = {
  id: string;
  name: string;
  state: BatchState;
  total: number;
  done: number;
  failed: number;
  webhookUrl: string | null;
  webhookSecret: string | null;
};

/**
 * Records the row's last attempt and its end, counts it in its batch, and ends the batch when no
 * row is left to send. A row this job no longer holds is left as it is (answers null, nothing counted).
 * `keep`: the run the row made, as the library's `runInsertion` puts it in, kept in the same
 * statement (whether or not this job still holds the row: the service made it either way).
 *
 * One statement, so one round trip: the row is guarded by its own lock and its job, and the
 * counters add up under the batch row's lock, which serializes the rows' ends, so exactly one of
 * them brings the count to the total. That one looks for the batch's end after the commit, when
 * every other row's end is committed too (two that both look end it once). The batch's advisory
 * lock is not taken: holding it here made every claim of a busy batch wait behind every finish.
 */
export async function finishRow(
  store: Store,
  row: RowKey,
  end: RowEnd,
  keep: SQL | null = null,
): Promise<{ counted: boolean; ended: EndedBatch | null }> {
  const done = end.state === "done" ? 1 : 0;
  const [result] = rowsOf(
    await store.db.execute(sql`
      WITH ${keep ? sql`${keep}, ` : sql``}ended AS (
        UPDATE batch_rows SET state = ${end.state}::text, job_id = NULL, lease_until = NULL, status = ${end.status}::integer,
          problem = ${end.problem}::text, answer_text = ${end.answerText}::text, run_id = ${end.runId}::text,
          images = ${end.images}::integer, cost_micros = ${end.costMicros}::bigint, finished_at = now(), answer = NULL, answer_bytes = NULL,
          attempts = (SELECT coalesce(jsonb_agg(CASE WHEN a->>'outcome' = 'pending'
                        THEN a || jsonb_build_object('outcome', 'answered', 'status', ${end.status}::integer) ELSE a END), '[]'::jsonb)
                      FROM jsonb_array_elements(attempts) a
                      WHERE ${end.sent ?? true}::boolean OR a->>'outcome' <> 'pending')
        WHERE batch_id = ${row.batchId}::text AND position = ${row.position}::integer AND job_id = ${row.jobId}::text AND state = 'sending'
        RETURNING position
      ), counted AS (
        UPDATE batches SET done = done + ${done}::integer, failed = failed + ${1 - done}::integer,
          cost_micros = cost_micros + ${end.costMicros}::bigint
        WHERE id = ${row.batchId}::text AND EXISTS (SELECT 1 FROM ended)
        RETURNING done + failed >= total AS all_ended
      )
      SELECT EXISTS (SELECT 1 FROM ended) AS counted, coalesce((SELECT all_ended FROM counted), false) AS all_ended`),
  );
  const counted = Boolean(result?.counted);
  // A batch with rows left goes on: its end is not looked for (upkeep's net catches any batch missed).
  return { counted, ended: counted && Boolean(result?.all_ended) ? await endIfFinished(store, row.batchId) : null };
}

/** The columns `endedBatchOf` reads. */
const ENDED_COLUMNS = sql.raw("id, name, state, total, done, failed, webhook_url, webhook_secret");

/** Ends a batch whose rows have all ended: done, or failed when not one row succeeded. */
async function endIfFinished(store: Store, batchId: string): Promise<EndedBatch | null> {
  const [ended] = await endBatches(store, sql`id = ${batchId}::text`);
  return ended ?? null;
}

/**
 * Every unfinished batch whose rows have all ended, ended: upkeep's net for a server stopped
 * between a last row's record and the look for its batch's end (see finishRow).
 */
export function endFinishedBatches(store: Store): Promise<EndedBatch[]> {
  return endBatches(store, sql`TRUE`);
}

async function endBatches(store: Store, which: SQL): Promise<EndedBatch[]> {
  const ended = rowsOf(
    await store.db.execute(sql`
      UPDATE batches b SET state = CASE WHEN done = 0 AND failed > 0 THEN 'failed' ELSE 'done' END, finished_at = now(),
        paused_for = NULL, pause_detail = NULL, resume_at = NULL
      WHERE ${which} AND b.state IN ('queued', 'running', 'paused')
        AND NOT EXISTS (SELECT 1 FROM batch_rows r WHERE r.batch_id = b.id AND r.state IN ('waiting', 'sending'))
      RETURNING ${ENDED_COLUMNS}`),
  );
  return ended.map(endedBatchOf);
}

function endedBatchOf(row: Record<string, unknown>): EndedBatch {
  return {
    id: String(row.id),
    name: String(row.name),
    state: row.state as BatchState,
    total: num(row.total),
    done: num(row.done),
    failed: num(row.failed),
    webhookUrl: (row.webhook_url as string | null) ?? null,
    webhookSecret: (row.webhook_secret as string | null) ?? null,
  };
}

/** The batch as its webhook tells it, for a batch that ended by being cancelled. */
export async function endedBatch(store: Store, batchId: string): Promise<EndedBatch | null> {
  const [row] = rowsOf(await store.db.execute(sql`SELECT ${ENDED_COLUMNS} FROM batches WHERE id = ${batchId}::text`));
  return row ? endedBatchOf(row) : null;
}

/**
 * Rows being sent by an instance that stopped: they go back in line, those the service had answered
 * with their answer (recorded from it when claimed again), the others with their attempt's outcome
 * unknown. `all`: every such row (the embedded database has one process, so at its start no other
 * is sending); otherwise those whose lease is over.
 */
export async function recoverRows(store: Store, all: boolean): Promise<number> {
  const recovered = rowsOf(
    await store.db.execute(sql`
      UPDATE batch_rows SET state = 'waiting', job_id = NULL, lease_until = NULL,
        attempts = ${PENDING_AS_UNKNOWN}
      WHERE state = 'sending' ${all ? sql`` : sql`AND lease_until < now()`}
      RETURNING position`),
  );
  return recovered.length;
}

/**
 * Rows waiting for a job that will never be handed out, back in line for a job of their own:
 * - a job an instance took from the queue and never claimed the row for (it stopped in between):
 *   the job stays "active" until its lease runs out and is then failed (the queue never retries a
 *   row's job, see batch-runner.ts);
 * - a job completed without acting on its row (given back when the row's release failed);
 * - a job not in the queue: an instance stopped between naming it and putting it in the queue, the
 *   queue took none (its queue had gone with the batch's end), or its queue went since.
 * `stillActive`: jobs still active count too (at the embedded database's start, every job taken was
 * taken by the process that stopped). Answers the batches whose rows were freed.
 */
export async function freeAbandonedJobs(store: Store, stillActive: boolean): Promise<string[]> {
  const live = stillActive ? sql`('created', 'retry')` : sql`('created', 'retry', 'active')`;
  const freed = rowsOf(
    await store.db.execute(sql`
      UPDATE batch_rows r SET job_id = NULL
      WHERE r.state = 'waiting' AND r.job_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM ${sql.raw(QUEUE_SCHEMA)}.job j
        WHERE j.name = ${BATCH_QUEUE_PREFIX}::text || r.batch_id AND j.id::text = r.job_id AND j.state::text IN ${live})
      RETURNING r.batch_id`),
  );
  return [...new Set(freed.map((row) => String(row.batch_id)))];
}

/** A row whose handling broke off in this instance (our own failure): as if its instance had stopped. */
export async function abandonRow(store: Store, row: RowKey): Promise<void> {
  await store.db.execute(sql`
    UPDATE batch_rows SET state = 'waiting', job_id = NULL, lease_until = NULL, not_before = now() + interval '5 seconds',
      attempts = ${PENDING_AS_UNKNOWN}
    WHERE batch_id = ${row.batchId}::text AND position = ${row.position}::integer AND job_id = ${row.jobId}::text AND state = 'sending'`);
}

/** Batches paused for their budget whose time to try again has come run again (refused again, they pause again). */
export async function resumeBudgetPaused(store: Store): Promise<void> {
  await store.db.execute(sql`
    UPDATE batches SET state = 'running', paused_for = NULL, pause_detail = NULL, resume_at = NULL
    WHERE state = 'paused' AND paused_for = 'budget' AND resume_at <= now()`);
}

/**
 * Ended batches whose webhook was never called to the end (their server stopped before or during
 * the call), ended more than `afterMs` ago, each taken by one instance: it is marked as being
 * called again, so no other instance calls it too, and a second stop during that call is not
 * followed by a third.
 */
export async function unannouncedBatches(store: Store, afterMs: number): Promise<EndedBatch[]> {
  const rows = rowsOf(
    await store.db.execute(sql`
      UPDATE batches SET webhook_outcome = 'being called again: the server stopped before its call was answered'
      WHERE state IN ('done', 'failed', 'cancelled') AND webhook_url IS NOT NULL AND webhook_outcome IS NULL
        AND finished_at < now() - make_interval(secs => ${afterMs / 1000}::double precision)
      RETURNING ${ENDED_COLUMNS}`),
  );
  return rows.map(endedBatchOf);
}

/** Records what the webhook's call came to. */
export async function noteWebhook(store: Store, batchId: string, outcome: string): Promise<void> {
  await store.db.execute(sql`UPDATE batches SET webhook_outcome = ${outcome}::text WHERE id = ${batchId}::text`);
}
