import "server-only";
import { randomUUID } from "node:crypto";
import type { ServerConfig } from "@/lib/server/config/config";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { acquireGenerationSlot, generationsInFlight } from "@/lib/server/limits/in-flight-limit";
import { isStopping } from "@/lib/server/lifecycle/stopping";
import { warnAtMostEveryMinute } from "@/lib/server/limits/limit-warnings";
import { runInsertion } from "@/lib/server/library/library-store";
import { SERVER_THUMBNAIL } from "@/lib/library/library-types";
import type { ShareFile } from "@/lib/server/database/share-store";
import { batchRunId } from "@/lib/batches/batch-types";
import { startQueueEngine } from "./queue-engine";
import { queueOf } from "./queue-names";
import { jobCompleter } from "./job-completer";
import {
  abandonRow,
  activeBatches,
  assignJobs,
  endFinishedBatches,
  claimRow,
  finishRow,
  holdRow,
  keepAnswer,
  keepAnswerAndClaim,
  noteWebhook,
  pauseForBudget,
  recoverRows,
  freeAbandonedJobs,
  releaseJobs,
  resumeBudgetPaused,
  retryLater,
  rowsWithoutJobs,
  unannouncedBatches,
  type ActiveBatch,
  type Claim,
  type EndedBatch,
  type KeptAnswer,
  type RowKey,
} from "./batch-rows-store";
import { answerFromKept, askService, keptAnswerOf, recordAnswer, unrecordedAnswer, type RowAnswer } from "./send-batch-row";
import { callWebhook, WEBHOOK_UNANSWERED_AFTER_MS } from "./batch-webhook";
import { urgently } from "@/lib/server/database/urgent-statements";

/**
 * Runs every batch to its end, on each instance that has the library: rows are handed out by the
 * durable queue (pg-boss, one queue per batch, see queue-engine.ts) and acted on only as the row's
 * own record allows (see batch-rows-store.ts). Each instance sends as many rows as the server's
 * in-flight limit leaves room for and each batch's concurrency allows across all instances. Both
 * count rows at the service: once it has answered, the answer is kept on the row and the next row
 * is sent while the run is recorded (at most the batch's concurrency of records at once, here).
 * With a job taken ahead for the batch, the answer is kept and that job's row claimed in one call,
 * and the answered row's place goes straight to it.
 * The steps a next send waits on (taking jobs, the claim, keeping the answer) are `urgently`'s: on
 * the embedded database they go ahead of the records (2,000 rows at concurrency 16 on 2 cores:
 * 1.12 and 1.14 × the ideal; 1.18 to 1.24 × before places were handed over, 1.24 to 1.35 × before the
 * embedded database had a thread of its own and kept answers; see docs/batches.md).
 *
 * Upkeep, every half second: rows of instances that stopped go back in line (at start on the
 * embedded database, whose one process is this one; past their lease on PostgreSQL), batches paused
 * for their budget try again when it renews, rows with no job (new, resumed, retried) get one, a
 * batch whose rows have all ended but that was not ended (its server stopped just then) ends, and
 * the webhook of a batch whose server stopped before the call was answered is called again.
 */

/** A row taken is held this long past the service's own timeout before another instance may take it. */
const LEASE_MARGIN_MS = 60_000;
const UPKEEP_EVERY_MS = 500;
/** With no batch under way, upkeep looks less often (a batch made here wakes it at once). */
const IDLE_UPKEEP_EVERY_MS = 3000;
/** How often rows whose job was taken by an instance that stopped before claiming them are looked for. */
const ABANDONED_JOBS_EVERY_MS = 10_000;
/**
 * Rows given queue jobs at a time. 2,000 rows took about 400 ms to get theirs on the embedded
 * database, where a statement holds the database's thread until it ends: a new batch's first rows
 * get theirs alone and are sent at once, and the rest get theirs in pages that claims go between.
 */
const JOBS_FIRST_PAGE = 64;
const JOBS_PAGE = 500;
/** How often the runner looks for jobs when it has room and found none. */
const IDLE_WAIT_MS = 100;
/**
 * Jobs taken ahead of room, per batch: at most half its concurrency, and no more than this. A
 * fetch costs about as much as claiming a row, and rows free their places one at a time, so taking
 * one job per freed place made a fetch per row; a row answered hands its place to one held here,
 * claimed with the keep of its answer (see `nextInLine`). (Taking a quarter of the concurrency, a
 * fetch served about five rows at concurrency 16, and fetching and completing jobs took a seventh
 * of the embedded database's time.)
 */
const TAKE_AHEAD_MAX = 8;
/** Backoff for a retryable answer that names no wait: 2 s, 4 s, 8 s … up to a minute. */
const BACKOFF_FIRST_MS = 2000;
const BACKOFF_MAX_MS = 60_000;
/** A row is sent at most this many times in all (unknown outcomes included). */
export const MAX_ATTEMPTS = 5;
/** Budget refusals say when the budget renews; an admin may raise it sooner, so it is checked at least this often. */
const BUDGET_RECHECK_MS = 15_000;

export type BatchRunner = { stop: () => Promise<void>; wake: () => void; instance: string };

type Job = { id: string; data: { position: number } };

/** Jobs taken ahead of room for a batch (see TAKE_AHEAD_MAX). */
const takeAhead = (batch: ActiveBatch) => Math.min(TAKE_AHEAD_MAX, Math.floor(batch.concurrency / 2));
/** Fewer held than this, and more are taken. */
const lowWater = (batch: ActiveBatch) => Math.ceil(takeAhead(batch) / 2);

/** A row's place at the service, as its handling sees it. */
type Place = {
  /** The service has answered (the answer kept): the place goes back to the sender, for the next row. */
  answered: () => void;
  /** A job held for the row's batch that may take the place now (taken from those held), or null. */
  nextInLine: () => Job | null;
  /** The service has answered (the answer kept): the place goes to `next`, claimed with the keep. */
  handOver: (next: Job, claim: Claim) => void;
};

export async function startBatchRunner(config: ServerConfig, connection: DatabaseConnection): Promise<BatchRunner> {
  const engine = await startQueueEngine(connection);
  const completer = jobCompleter(engine);
  const instance = randomUUID();
  const leaseMs = config.limits.timeoutMs + LEASE_MARGIN_MS;
  const knownQueues = new Set<string>();
  let batches: ActiveBatch[] = [];
  /** Rows this instance is sending (not yet answered), by batch. */
  const sendingHere = new Map<string, number>();
  /** Rows this instance is recording (answered, their run being made), by batch: at most its concurrency. */
  const recordingHere = new Map<string, number>();
  /** This instance's rows as counted when `batches` was read: the rest of each batch's count is other instances'. */
  let sendingHereAtUpkeep = new Map<string, number>();
  const othersSending = (batch: ActiveBatch) => Math.max(0, batch.sending - (sendingHereAtUpkeep.get(batch.id) ?? 0));
  let stopped = false;
  /** Aborted at stop: rows following a service's job end their following rather than hold the stop for minutes. */
  const stopping = new AbortController();
  let wakeUp: (() => void) | null = null;
  /** Set by every wake: one that came while the sender was busy (not waiting) is not lost. */
  let senderWoken = false;
  let wakeUpkeep: (() => void) | null = null;
  /** The sender looks for jobs now (a row ended, upkeep gave rows jobs). */
  const wakeSender = () => {
    senderWoken = true;
    wakeUp?.();
  };
  /** Both loops now: a batch was made, resumed or retried here. */
  const wake = () => {
    wakeUpkeep?.();
    wakeSender();
  };
  const running = new Set<Promise<void>>();
  /** Jobs taken but not yet started, by batch (see TAKE_AHEAD_MAX): their rows are claimed when started. */
  const heldJobs = new Map<string, Job[]>();
  /** A job this instance will not start goes back: completed, and its row waits for a job of its own again (upkeep gives it one). */
  const handBack = async (batchId: string, job: Job) => {
    completer.complete(queueOf(batchId), job.id);
    await releaseJobs(connection, batchId, [job.id]).catch(() => undefined);
  };
  const releaseHeld = async (batchId: string) => {
    const held = [...(heldJobs.get(batchId) ?? [])];
    heldJobs.delete(batchId);
    for (const job of held) await handBack(batchId, job);
  };

  // The embedded database has one process: whatever it was sending, or had taken a job for, when it
  // stopped is this one's to recover.
  if (connection.kind === "embedded") {
    await recoverRows(connection, true);
    await freeAbandonedJobs(connection, true);
  }
  let abandonedLookedForAt = 0;

  const ensureQueue = async (batchId: string) => {
    const name = queueOf(batchId);
    if (knownQueues.has(name)) return name;
    await engine.createQueue(name, { name, retryLimit: 0, expireInSeconds: Math.ceil(leaseMs / 1000) });
    knownQueues.add(name);
    return name;
  };

  const upkeep = async () => {
    if (connection.kind === "postgres") await recoverRows(connection, false);
    // Reads the queue's table of jobs, which keeps finished jobs for hours: not at every upkeep.
    if (Date.now() - abandonedLookedForAt >= ABANDONED_JOBS_EVERY_MS) {
      abandonedLookedForAt = Date.now();
      // A queue that took no jobs may have gone (with the batch's end seen on another instance): made again.
      for (const batchId of await freeAbandonedJobs(connection, false)) knownQueues.delete(queueOf(batchId));
    }
    await resumeBudgetPaused(connection);
    for (let page = JOBS_FIRST_PAGE, waiting = await rowsWithoutJobs(connection, page); waiting.length > 0;) {
      const byBatch = new Map<string, typeof waiting>();
      for (const row of waiting) byBatch.set(row.batchId, [...(byBatch.get(row.batchId) ?? []), row]);
      let named = 0;
      for (const [batchId, rows] of byBatch) {
        const name = await ensureQueue(batchId);
        const jobs = rows.map((row) => ({ ...row, jobId: randomUUID() }));
        // The rows name their jobs first, then the jobs go in the queue, so a job in the queue is
        // always its row's: a runner may take it at once (this one, if it read the batch before its
        // rows had jobs; another instance). A job taken before its row named it was skipped and
        // completed, and the row, named after, waited for it for ever. A stop between the two, or a
        // queue that takes none, leaves rows naming jobs that are not in it: freeAbandonedJobs frees them.
        const positions = new Set(await assignJobs(connection, jobs));
        const ours = jobs.filter((job) => positions.has(job.position));
        if (ours.length === 0) continue;
        const inserted = await engine
          .insert(
            ours.map((job) => ({
              id: job.jobId,
              name,
              data: { position: job.position },
              // The queue hands out jobs by priority, then when they were made, then by id: jobs made
              // together (random ids) would send a batch's rows in no order. Its first lines go first,
              // as the person reads the file (a retried row, earlier in it, before the later ones).
              priority: -job.position,
              ...(job.notBefore && job.notBefore.getTime() > Date.now() ? { startAfter: job.notBefore } : {}),
            })),
          )
          .then(() => true)
          // Its queue went with the batch's end on another instance (and the batch was retried since): made again next time.
          .catch(() => (knownQueues.delete(name), false));
        if (inserted) named += ours.length;
        else
          await releaseJobs(
            connection,
            batchId,
            ours.map((job) => job.jobId),
          );
      }
      if (named === 0) break;
      // More rows wait (a new batch's): its first rows are sent while the rest get their jobs.
      if (page === JOBS_FIRST_PAGE && waiting.length === page) await readBatches();
      page = JOBS_PAGE;
      waiting = await rowsWithoutJobs(connection, page);
    }
    for (const ended of await endFinishedBatches(connection)) void announceEnd(ended);
    for (const ended of await unannouncedBatches(connection, WEBHOOK_UNANSWERED_AFTER_MS)) void announceEnd(ended);
    await readBatches();
  };

  /** The batches under way, as the sender sends their rows; the sender is woken to look. */
  const readBatches = async () => {
    const hereBefore = new Map(sendingHere);
    batches = await activeBatches(connection);
    sendingHereAtUpkeep = hereBefore;
    // A batch no longer under way (paused, cancelled, ended) sends none of the jobs held for it.
    const underWay = new Set(batches.map((batch) => batch.id));
    for (const batchId of [...heldJobs.keys()]) if (!underWay.has(batchId)) await releaseHeld(batchId);
    for (const batch of batches) await ensureQueue(batch.id);
    wakeSender();
  };

  const upkeepLoop = async () => {
    while (!stopped) {
      await upkeep().catch((error: unknown) => {
        warnAtMostEveryMinute("batch-upkeep", `Image Prompt Playground: batch upkeep failed (${errorText(error)}); it tries again.`);
      });
      // Rows of other instances' batches (on PostgreSQL) are found within the idle pace.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, batches.length > 0 ? UPKEEP_EVERY_MS : IDLE_UPKEEP_EVERY_MS);
        wakeUpkeep = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUpkeep = null;
    }
  };

  const sendLoop = async () => {
    while (!stopped) {
      senderWoken = false;
      let took = 0;
      if (!isStopping()) {
        for (const batch of batches) {
          const room = Math.min(
            config.limits.maxInFlight - generationsInFlight(),
            // Rows other instances send count too, as last seen (claiming holds the batch to it exactly).
            batch.concurrency - (sendingHere.get(batch.id) ?? 0) - othersSending(batch),
            // A record may fetch the service's pictures and take long: sends do not run ahead of records without end.
            batch.concurrency - (recordingHere.get(batch.id) ?? 0),
          );
          let held = heldJobs.get(batch.id) ?? [];
          // Taken for the rows that may be sent now, and ahead of them: a row answered hands its
          // place to one held (see `nextInLine`), so they are topped up once half are used.
          if (held.length < Math.max(room, lowWater(batch))) {
            // A send waits on it (on the embedded database, ahead of the runs being recorded).
            const fetched = (await urgently(() =>
              engine.fetch<{ position: number }>(queueOf(batch.id), { batchSize: Math.max(0, room) + takeAhead(batch) - held.length }),
            ).catch(() => {
              // Its queue may have gone with an end seen on another instance: upkeep makes it again.
              knownQueues.delete(queueOf(batch.id));
              return [];
            })) as Job[];
            // Read again: upkeep may have released the held ones meanwhile (their claim would find nothing).
            held = [...(heldJobs.get(batch.id) ?? []), ...fetched];
          }
          const jobs = held.splice(0, Math.max(0, room));
          if (held.length > 0) heldJobs.set(batch.id, held);
          else heldJobs.delete(batch.id);
          for (const job of jobs) {
            const slot = acquireGenerationSlot(config.limits.maxInFlight);
            if (!slot) {
              // The room went to a person's generation meanwhile.
              await handBack(batch.id, job);
              continue;
            }
            took++;
            sendingHere.set(batch.id, (sendingHere.get(batch.id) ?? 0) + 1);
            startJob(batch.id, job, slot, null);
          }
        }
      }
      if (took === 0 && !senderWoken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, IDLE_WAIT_MS);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = null;
      }
    }
  };

  /**
   * Handles a job on a place at the service this instance holds (`slot`, counted in `sendingHere`),
   * until the row is answered; the place then goes to the next row, and the row's run is recorded
   * (counted in `recordingHere`). `claimed`: the row's claim, when it was made with the keep of the
   * row whose place it took.
   */
  const startJob = (batchId: string, job: Job, slot: () => void, claimed: Claim | null) => {
    let phase: "sending" | "recording" = "sending";
    const toRecording = () => {
      phase = "recording";
      recordingHere.set(batchId, (recordingHere.get(batchId) ?? 0) + 1);
    };
    const place: Place = {
      answered: () => {
        if (phase !== "sending") return;
        toRecording();
        slot();
        sendingHere.set(batchId, (sendingHere.get(batchId) ?? 1) - 1);
        wakeSender();
      },
      nextInLine: () => (phase === "sending" ? nextInLine(batchId) : null),
      handOver: (next, claim) => {
        toRecording();
        // The place, and its count in `sendingHere`, are the next row's now.
        startJob(batchId, next, slot, claim);
      },
    };
    const work = handleJob(batchId, job, place, claimed)
      .catch(async (error: unknown) => {
        await abandonRow(connection, { batchId, position: job.data.position, jobId: job.id }).catch(() => undefined);
        warnAtMostEveryMinute("batch-row", `Image Prompt Playground: a batch row could not be handled (${errorText(error)}).`);
      })
      .finally(() => {
        if (phase === "sending") {
          slot();
          sendingHere.set(batchId, (sendingHere.get(batchId) ?? 1) - 1);
        } else {
          recordingHere.set(batchId, (recordingHere.get(batchId) ?? 1) - 1);
        }
        running.delete(work);
        wakeSender();
      });
    running.add(work);
  };

  /**
   * A job held for the batch whose row may take the place of one just answered: the batch is
   * under way, this server is not stopping, and one more row may be recorded here (the answered
   * one), as the sender would find after the place was given up.
   */
  const nextInLine = (batchId: string): Job | null => {
    if (stopped || isStopping()) return null;
    const batch = batches.find((candidate) => candidate.id === batchId);
    if (!batch || (recordingHere.get(batchId) ?? 0) + 1 >= batch.concurrency) return null;
    const held = heldJobs.get(batchId);
    const next = held?.shift() ?? null;
    if (held && held.length === 0) heldJobs.delete(batchId);
    // Half of those taken ahead are used: the sender takes more.
    if (next && (held?.length ?? 0) < lowWater(batch)) wakeSender();
    return next;
  };

  const handleJob = async (batchId: string, job: Job, place: Place, claimed: Claim | null) => {
    const queue = queueOf(batchId);
    const key = { batchId, position: job.data.position, jobId: job.id };
    // The next send waits on it: ahead of the runs being recorded (on the embedded database).
    const claim = claimed ?? (await urgently(() => claimRow(connection, key, leaseMs)));
    if (claim.kind === "skip" || claim.kind === "later") {
      completer.complete(queue, job.id);
      return;
    }
    const runId = batchRunId(batchId, key.position);
    let answer: RowAnswer;
    if (claim.kind === "record") {
      // Answered before its server stopped: nothing is sent, its run is made from the kept answer.
      place.answered();
      answer = answerFromKept(claim.answer);
    } else if (claim.attempt > MAX_ATTEMPTS) {
      // Sent as often as a row may be, each time with no outcome recorded (its server stopped, or
      // its handling failed): not sent again, so a row that keeps failing is not charged for ever.
      const finished = await finishRow(connection, key, {
        state: "failed",
        sent: false,
        status: 0,
        problem: `Sent ${MAX_ATTEMPTS} times with no outcome recorded (the server stopped or failed while each was in flight); not sent again.`,
        answerText: null,
        runId: null,
        images: 0,
        costMicros: 0,
      });
      completer.complete(queue, job.id);
      if (finished.ended) void announceEnd(finished.ended);
      return;
    } else {
      const asked = await sendRow(claim, key, place);
      if (!asked) {
        completer.complete(queue, job.id);
        return;
      }
      place.answered();
      answer = asked;
    }
    // A run that cannot be made from its answer (our own failure) fails its row: made again, it
    // would fail again (and a row sent again would be charged again).
    const result = await recordAnswer(config, claim.request, runId, answer).catch((error: unknown) => unrecordedAnswer(answer, error));
    const succeeded = result.problem === null && result.run !== null;
    // A run with an image goes to the author's library in the statement that records the row's end
    // (its collection named it when the batch was made: it shows there now that it has arrived).
    const keep =
      succeeded && result.run
        ? await runInsertion(connection, claim.author.id, {
            record: result.run.record,
            verdictAt: 0,
            files: withOwnThumbnail(result.run.record.thumbnailFile, result.run.files).map((file) => ({
              name: file.name,
              contentType: file.contentType,
              bytes: "data" in file ? file.data.byteLength : file.bytes,
              source: "data" in file ? { data: file.data } : { path: file.path },
            })),
          })
        : null;
    const price = config.prices[claim.request.model];
    const costMicros = price?.perImage ? Math.round(price.perImage * 1_000_000) * result.images : 0;
    const finished = await finishRow(
      connection,
      key,
      {
        state: succeeded ? "done" : "failed",
        status: result.status,
        problem: result.problem,
        answerText: result.answerText,
        runId: succeeded ? runId : null,
        images: result.images,
        costMicros,
      },
      keep,
    );
    completer.complete(queue, job.id);
    if (finished.ended) void announceEnd(finished.ended);
  };

  /**
   * Sends a claimed row: its answer, kept on the row, or null when the row went back in line
   * (its budget used, or an answer worth trying again later). With a job held for the batch, the
   * answer is kept and that job's row claimed in one call, and the row's place goes to it.
   */
  const sendRow = async (claim: Extract<Claim, { kind: "send" }>, key: RowKey, place: Place): Promise<RowAnswer | null> => {
    const warnings =
      claim.unknownAttempts > 0
        ? [
            `Sent ${claim.attempt} times: the server stopped while ${claim.unknownAttempts === 1 ? "an earlier attempt was" : `${claim.unknownAttempts} earlier attempts were`} in flight, so ${claim.unknownAttempts === 1 ? "its" : "their"} outcome is unknown and the service may have made (and charged for) ${claim.unknownAttempts === 1 ? "it" : "them"} too.`,
          ]
        : [];
    const asked = await askService(config, claim.author, claim.request, {
      createdAt: Date.now(),
      warnings,
      signal: AbortSignal.timeout(leaseMs),
      following: { hold: () => holdRow(connection, key, leaseMs), stopping: stopping.signal },
    });
    if (asked.kind === "budget-used") {
      const resumeAt = new Date(Math.min(asked.renewsAt.getTime(), Date.now() + BUDGET_RECHECK_MS));
      await pauseForBudget(connection, key, asked.detail, resumeAt);
      return null;
    }
    if (asked.kind === "budget-unavailable") {
      await retryLater(connection, key, 0, new Date(Date.now() + 5000));
      return null;
    }
    if (asked.retryable && claim.attempt < MAX_ATTEMPTS) {
      const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (claim.attempt - 1));
      const wait = Math.min(BACKOFF_MAX_MS * 5, Math.max(backoff, asked.retryAfterMs ?? 0));
      await retryLater(connection, key, asked.status, new Date(Date.now() + wait));
      return null;
    }
    const kept = keptAnswerOf(asked.answer);
    const next = place.nextInLine();
    if (!next) {
      await keepAnswerOrRetry(connection, key, asked.status, kept);
      return asked.answer;
    }
    const nextKey = { position: next.data.position, jobId: next.id };
    const both = await urgently(() => keepAnswerAndClaim(connection, key, asked.status, kept, nextKey, leaseMs)).catch(
      async (error: unknown) => {
        // Neither was done (one statement): the next job goes back, and the answer is kept on its own.
        warnAtMostEveryMinute(
          "batch-keep",
          `Image Prompt Playground: a batch row's answer was not kept (${errorText(error)}); trying again.`,
        );
        await handBack(key.batchId, next);
        return null;
      },
    );
    if (!both) {
      await keepAnswerOrRetry(connection, key, asked.status, kept);
      return asked.answer;
    }
    place.handOver(next, both.claim);
    return asked.answer;
  };

  const announceEnd = async (ended: EndedBatch) => {
    await completer.flush();
    await engine.deleteQueue(queueOf(ended.id)).catch(() => undefined);
    knownQueues.delete(queueOf(ended.id));
    if (!ended.webhookUrl) return;
    const outcome = await callWebhook(ended, config.batches.webhookHosts);
    await noteWebhook(connection, ended.id, outcome).catch(() => undefined);
  };

  const loops = [upkeepLoop(), sendLoop()];
  return {
    instance,
    wake,
    stop: async () => {
      stopped = true;
      stopping.abort();
      wake();
      await Promise.all(loops);
      for (const batchId of [...heldJobs.keys()]) await releaseHeld(batchId);
      // A row answered just before the stop may have handed its place to one claimed with its keep.
      while (running.size > 0) await Promise.allSettled([...running]);
      await completer.flush();
      await engine.stop({ graceful: false, wait: true }).catch(() => undefined);
    },
  };
}

/**
 * The run's thumbnail was made on this server, as the library's own thumbnail is (the same WebP):
 * it is the library's thumbnail too (the same bytes, stored once), with no second decoding.
 */
function withOwnThumbnail(thumbnailFile: string | null, files: ShareFile[]): ShareFile[] {
  const thumbnail = files.find((file) => file.name === thumbnailFile && file.contentType === "image/webp");
  return thumbnail ? [...files, { ...thumbnail, name: SERVER_THUMBNAIL }] : files;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The waits before each new try of keeping an answer whose keep the database failed. */
const KEEP_RETRY_DELAYS_MS = [100, 500, 2000, 5000];

/**
 * Keeps the service's answer to a row, trying again when the database fails the statement (a
 * deadlock it broke, a connection it could not give in time, as seen with two instances under
 * load): a row whose keep failed is put back in line and sent again, and the service asked twice
 * for what it already answered. Keeping again is harmless if an earlier try went through.
 */
async function keepAnswerOrRetry(connection: DatabaseConnection, key: RowKey, status: number, kept: KeptAnswer): Promise<void> {
  for (const delay of [...KEEP_RETRY_DELAYS_MS, null]) {
    try {
      await urgently(() => keepAnswer(connection, key, status, kept));
      return;
    } catch (error) {
      if (delay === null) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
