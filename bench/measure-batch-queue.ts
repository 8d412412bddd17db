import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@/lib/server/database/connection";
import { startQueueEngine } from "@/lib/server/batches/queue-engine";
import { insertBatch } from "@/lib/server/batches/batch-store";
import { assignJobs, claimRow, finishRow, rowsWithoutJobs } from "@/lib/server/batches/batch-rows-store";

/**
 * The queue's own cost per row, with no service behind it: a job taken from the queue, the row
 * claimed, its end recorded, the job completed, one row at a time on a warm connection. Run in a
 * process of its own with the react-server condition:
 * `node --conditions=react-server --import tsx bench/measure-batch-queue.ts [postgres url]`.
 * Prints { perRowMs: [...] } as JSON on its last line.
 */

const ROWS = 300;
const url = process.argv[2];
const dataDir = url ? null : mkdtempSync(join(tmpdir(), "playground-bench-queue-"));
const connection = await openDatabase(url ? { url } : { dataDir: dataDir ?? "" });
const engine = await startQueueEngine(connection);
const batchId = `bench-${Date.now()}`;
const queue = `batch-${batchId}`;
await engine.createQueue(queue, { name: queue, retryLimit: 0, expireInSeconds: 600 });
await insertBatch(
  connection,
  {
    id: batchId,
    author: { id: "bench", name: "Bench" },
    name: "Queue overhead",
    rows: Array.from({ length: ROWS }, (_, index) => ({
      line: index + 2,
      request: { prompt: `row ${index}`, model: "m", aspect_ratio: "1:1" },
    })),
    concurrency: 4,
    collectionId: null,
    webhook: null,
    currency: null,
  },
  100,
);
const waiting = await rowsWithoutJobs(connection, ROWS);
const jobs = waiting.map((row) => ({ ...row, jobId: crypto.randomUUID() }));
await engine.insert(jobs.map((job) => ({ id: job.jobId, name: queue, data: { position: job.position } })));
await assignJobs(connection, jobs);

const perRowMs: number[] = [];
for (;;) {
  const started = performance.now();
  const [job] = await engine.fetch<{ position: number }>(queue, { batchSize: 1 });
  if (!job) break;
  const key = { batchId, position: job.data.position, jobId: job.id };
  const claim = await claimRow(connection, key, 600_000);
  if (claim.kind !== "send") throw new Error(`row ${key.position} was not claimed (${claim.kind})`);
  await finishRow(connection, key, { state: "done", status: 200, problem: null, answerText: null, runId: null, images: 1, costMicros: 0 });
  await engine.complete(queue, job.id);
  perRowMs.push(performance.now() - started);
}
await engine.stop({ graceful: false, wait: true });
await connection.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ perRowMs }));
