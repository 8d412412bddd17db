import { describe, expect, it } from "vitest";
import { openDatabase, type DatabaseConnection } from "@/lib/server/database/connection";
import { DATABASE_TARGETS } from "@/test-support/database-targets";
import { batchOnceIn, freshTarget, insertTestBatch, quickRows, withRunner } from "@/test-support/batch-fixtures";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { startQueueEngine } from "./queue-engine";
import { assignJobs, rowsWithoutJobs } from "./batch-rows-store";

/**
 * A server that took a row's job from the queue and died before claiming the row (kill -9 between
 * the two) leaves the row waiting, naming a job nobody will act on: the job is "active" in the
 * queue until its lease runs out, and then failed (rows' jobs are never retried by the queue). The
 * next runner must give that row a job of its own, or the batch never ends.
 */
describe.each(DATABASE_TARGETS)("a row whose job was taken by a server that died before claiming it (%s)", (kind) => {
  const fake = fakeServiceForSuite();

  it("is given a job of its own by the next runner, and sent once", { timeout: 60_000 }, async () => {
    const { where, config } = await freshTarget(kind, fake.current.url);

    // The server that dies: the row gets its job, the job is taken, and nothing more happens.
    const dying: DatabaseConnection = await openDatabase(where);
    const rows = quickRows("a row whose job was taken", 1);
    const made = await insertTestBatch(dying, { id: "taken-job", rows, concurrency: 2 });
    expect(made?.total).toBe(1);
    const engine = await startQueueEngine(dying);
    const queue = "batch-taken-job";
    // Embedded: the next server starts while the job is still active. PostgreSQL: other instances
    // go on, and the job's lease runs out first (a second here, the service's timeout and a minute
    // in the runner's queues).
    await engine.createQueue(queue, { name: queue, retryLimit: 0, expireInSeconds: kind === "embedded" ? 3600 : 1 });
    const [waiting] = await rowsWithoutJobs(dying, 10);
    if (!waiting) throw new Error("no row waits for a job");
    const jobId = "00000000-0000-4000-8000-000000000001";
    await engine.insert([{ id: jobId, name: queue, data: { position: waiting.position } }]);
    expect(await assignJobs(dying, [{ ...waiting, jobId }])).toEqual([waiting.position]);
    expect(await engine.fetch(queue, { batchSize: 1 })).toHaveLength(1);
    await engine.stop({ graceful: false, wait: true });
    await dying.close();

    // The next server, on the same database.
    const connection = await openDatabase(where);
    await withRunner(config, connection, async () => {
      const batch = await batchOnceIn(connection, "taken-job", "done", 30_000);
      expect(batch).toMatchObject({ state: "done", done: 1, failed: 0 });
      expect(fake.current.requests.filter((request) => request.body.includes("a row whose job was taken"))).toHaveLength(1);
    });
  });
});
