import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPostgres } from "../test-support/postgres-server";
import type { BatchRowView, BatchSummary } from "../lib/batches/batch-types";
import { startFakeProcess } from "./child-processes";
import { startNext, type RunningNext } from "./next-server";
import type { ShareRow } from "./share-figures";
import { percentile } from "./stats";

/**
 * Batches on the server: 2,000 rows at concurrency 16 against a fake answering in 200 ms (the wall
 * time against the ideal, 2,000 / 16 × 0.2 s = 25 s), on the embedded database and on PostgreSQL;
 * kill -9 of the server half way through a batch (rows sent twice, rows lost); and the queue's own
 * cost per row (claim and record, no service) on both databases.
 */

const KEY = "sk-bench-batches";
const ROWS = 2000;
const CONCURRENCY = 16;
const SERVICE_MS = 200;
const IDEAL_MS = (ROWS / CONCURRENCY) * SERVICE_MS;
const KILL_ROWS = 400;

const csv = (rows: number, tag: string) =>
  ["prompt,model,aspect_ratio", ...Array.from({ length: rows }, (_, index) => `${tag} ${index},bench-200ms,1:1`)].join("\n");

async function makeBatch(server: RunningNext, rows: number, tag: string): Promise<string> {
  const response = await fetch(`${server.url}/api/batches?name=${encodeURIComponent(tag)}&concurrency=${CONCURRENCY}`, {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: csv(rows, tag),
  });
  if (response.status !== 201) throw new Error(`the batch was not made: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

async function readBatch(server: RunningNext, id: string): Promise<BatchSummary> {
  return (await (await fetch(`${server.url}/api/batches/${id}`)).json()) as BatchSummary;
}

/** `everyMs`: how often the batch is read; a read costs the server about what a person's page costs it. */
async function waitUntil(
  server: RunningNext,
  id: string,
  done: (batch: BatchSummary) => boolean,
  timeoutMs: number,
  everyMs = 50,
): Promise<BatchSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await readBatch(server, id);
    if (done(batch)) return batch;
    if (Date.now() > deadline) throw new Error(`the batch stayed ${JSON.stringify(batch)}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * The Batches pages read a batch once a second (LIVE_EVERY_MS): the wall time is watched at that
 * pace, as one person following it would. Read twenty times a second, the reads took about a fifth
 * of the embedded server's time from the rows. The end is the batch's own record of it (the same
 * machine's clock), so the slower reading adds nothing to the figure.
 */
const WATCH_EVERY_MS = 1000;

const serverEnv = (fakeUrl: string, database: Record<string, string>) => ({
  ...database,
  PLAYGROUND_LIBRARY: "on",
  IMAGE_API_BASE_URL: fakeUrl,
  IMAGE_API_KEY: KEY,
  IMAGE_API_BASE_FORM: "host",
  PLAYGROUND_MAX_IN_FLIGHT: "32",
  PLAYGROUND_RATE_LIMIT_PER_MINUTE: "100000",
});

/** A new database on the benchmark's PostgreSQL server; its URL. */
async function newDatabase(serverUrl: string, name: string): Promise<string> {
  const { default: pg } = await import("pg");
  const admin = new pg.Client(serverUrl);
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE batch_${name}`);
  } finally {
    await admin.end();
  }
  return serverUrl.replace(/\/[^/]*$/, `/batch_${name}`);
}

/** Wall time of a 2,000-row batch, from the POST to its last row. */
async function throughput(fakeUrl: string, where: string, key: string, database: Record<string, string>): Promise<ShareRow[]> {
  const server = await startNext(serverEnv(fakeUrl, database));
  try {
    // A first small batch opens the database, starts the runner and compiles the routes.
    const warm = await makeBatch(server, 20, `warm ${key}`);
    await waitUntil(server, warm, (batch) => batch.state === "done", 60_000);
    const started = Date.now();
    const id = await makeBatch(server, ROWS, `throughput ${key}`);
    const batch = await waitUntil(server, id, (seen) => seen.state === "done", 10 * 60_000, WATCH_EVERY_MS);
    if (batch.finishedAt === null) throw new Error("a batch that is done says when it ended");
    const wallMs = batch.finishedAt - started;
    return [
      {
        key: `batch_wall_ratio_${key}`,
        what: `${ROWS.toLocaleString("en")} rows at concurrency ${CONCURRENCY}, a fake answering in ${SERVICE_MS} ms, ${where}, read once a second as the Batches page does: wall ${(wallMs / 1000).toFixed(1)} s to its recorded end against the ideal ${IDEAL_MS / 1000} s (${batch.done} done, ${batch.failed} failed)`,
        value: wallMs / IDEAL_MS,
        unit: "× ideal",
        target: { op: "<=", value: 1.1 },
      },
    ];
  } finally {
    await server.stop();
  }
}

/** kill -9 of the server when half the rows have ended, a restart on the same data, the batch to its end. */
async function killHalfWay(fakeUrl: string): Promise<ShareRow[]> {
  const database = { PLAYGROUND_DATA_DIR: mkdtempSync(join(tmpdir(), "playground-bench-batch-kill-")) };
  let server = await startNext(serverEnv(fakeUrl, database));
  const port = new URL(server.url).port;
  const id = await makeBatch(server, KILL_ROWS, "killed");
  await waitUntil(server, id, (batch) => batch.done + batch.failed >= KILL_ROWS / 2, 5 * 60_000);
  server.process.kill("SIGKILL");
  await new Promise((resolve) => server.process.once("exit", resolve));
  server = await startNext(serverEnv(fakeUrl, database), Number(port));
  try {
    const batch = await waitUntil(server, id, (seen) => seen.state === "done", 5 * 60_000);
    const rows = ((await (await fetch(`${server.url}/api/batches/${id}/rows?limit=500`)).json()) as { rows: BatchRowView[] }).rows;
    const sentTwice = rows.filter((row) => row.attempts.length > 1).length;
    return [
      {
        key: "batch_kill_rows_sent_twice",
        what: `kill -9 at 50 % of ${KILL_ROWS} rows at concurrency ${CONCURRENCY}, embedded database: rows sent twice (their first attempt's outcome unknown)`,
        value: sentTwice,
        unit: "rows",
        target: { op: "<=", value: CONCURRENCY },
      },
      {
        key: "batch_kill_rows_lost",
        what: `the same: rows not done after the restart (${batch.done} of ${batch.total} done)`,
        value: batch.total - batch.done,
        unit: "rows",
        target: { op: "<=", value: 0 },
      },
    ];
  } finally {
    await server.stop();
  }
}

/** The queue's cost per row with no service behind it, in a process of its own. */
function queueOverhead(where: string, key: string, url?: string): ShareRow {
  const output = execFileSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "bench/measure-batch-queue.ts", ...(url ? [url] : [])],
    { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
  );
  const { perRowMs } = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as { perRowMs: number[] };
  return {
    key: `batch_queue_overhead_ms_p50_${key}`,
    what: `the queue's cost per row (job taken, row claimed, its end recorded, job completed; no service), ${where}, p50 of ${perRowMs.length} (p95 ${percentile(perRowMs, 0.95).toFixed(1)} ms)`,
    value: percentile(perRowMs, 0.5),
    unit: "ms",
  };
}

export async function batchFigures(print: (rows: ShareRow[]) => void = () => undefined): Promise<ShareRow[]> {
  const fake = await startFakeProcess(KEY);
  const postgres = await startPostgres();
  const rows: ShareRow[] = [];
  try {
    rows.push(queueOverhead("embedded database", "embedded"));
    rows.push(queueOverhead("PostgreSQL", "postgres", await newDatabase(postgres.url, "queue")));
    rows.push(
      ...(await throughput(fake.url, "embedded database", "embedded", {
        PLAYGROUND_DATA_DIR: mkdtempSync(join(tmpdir(), "playground-bench-batch-")),
      })),
    );
    rows.push(...(await throughput(fake.url, "PostgreSQL", "postgres", { DATABASE_URL: await newDatabase(postgres.url, "throughput") })));
    rows.push(...(await killHalfWay(fake.url)));
  } finally {
    await fake.stop();
    postgres.stop();
  }
  print(rows);
  return rows;
}
