import { describe, expect, it } from "vitest";
import { openDatabase, type DatabaseConnection } from "@/lib/server/database/connection";
import { DATABASE_TARGETS } from "@/test-support/database-targets";
import { batchOnceIn, freshTarget, insertTestBatch, quickRows, withRunner } from "@/test-support/batch-fixtures";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { startQueueEngine } from "./queue-engine";
import { assignJobs } from "./batch-rows-store";
import { BATCH_QUEUE_PREFIX } from "./queue-names";

/**
 * Upkeep puts a row's job in the queue, then names it on the row: two statements. A runner that
 * already knows the batch (its batches were read just after the batch was made, before its rows had
 * jobs; or, on PostgreSQL, another instance) may take the job in between. Its claim must take the
 * row, not skip it: a skipped job is completed, the row then names it, and waits for ever for a job
 * that will never be handed out again (the batch stays queued).
 */
describe.each(DATABASE_TARGETS)("a row's job taken before the row names it (%s)", (kind) => {
  const fake = fakeServiceForSuite();

  /**
   * The batch is made as upkeep looks for ended batches (after it gave rows their jobs, before it
   * reads the batches under way), and naming its rows' jobs is held back long enough for the runner
   * to take the job first.
   */
  function madeMidUpkeep(connection: DatabaseConnection, make: () => Promise<unknown>): void {
    let made = false;
    const execute = connection.db.execute.bind(connection.db);
    connection.db.execute = (async (query: Parameters<typeof execute>[0]) => {
      const text = JSON.stringify((query as { queryChunks?: unknown }).queryChunks ?? "");
      if (!made && text.includes("UPDATE batches b SET state = CASE")) {
        made = true;
        await make();
      }
      if (made && text.includes("SET job_id = j.job_id")) await new Promise((resolve) => setTimeout(resolve, 500));
      return execute(query);
    }) as typeof connection.db.execute;
  }

  it("is claimed with that job and sent once; the batch ends", { timeout: 60_000 }, async () => {
    const { where, config } = await freshTarget(kind, fake.current.url);
    const connection = await openDatabase(where);
    const rows = quickRows("a row whose job came first", 1);
    madeMidUpkeep(connection, () => insertTestBatch(connection, { id: "job-first", rows, concurrency: 2 }));
    await withRunner(config, connection, async () => {
      const batch = await batchOnceIn(connection, "job-first", "done", 20_000);
      expect(batch).toMatchObject({ state: "done", done: 1, failed: 0 });
      expect(fake.current.requests.filter((request) => request.body.includes("a row whose job came first"))).toHaveLength(1);
    });
  });

  it(
    "a row left naming a job not in the queue, or one completed without acting on it, gets a job of its own",
    { timeout: 60_000 },
    async () => {
      const { where, config } = await freshTarget(kind, fake.current.url);
      const connection = await openDatabase(where);
      const rows = quickRows("a row whose job is lost", 2);
      await insertTestBatch(connection, { id: "job-lost", rows, concurrency: 2 });
      // Row 0 names a job that never went in the queue (its server stopped between); row 1 a job that
      // was completed without acting on it (its release failed when it was given back).
      const engine = await startQueueEngine(connection);
      const queue = `${BATCH_QUEUE_PREFIX}job-lost`;
      await engine.createQueue(queue, { name: queue, retryLimit: 0 });
      const [missing, completed] = ["00000000-0000-4000-8000-000000000010", "00000000-0000-4000-8000-000000000011"];
      await engine.insert([{ id: completed, name: queue, data: { position: 1 } }]);
      await engine.complete(queue, completed);
      expect(
        await assignJobs(connection, [
          { batchId: "job-lost", position: 0, jobId: missing },
          { batchId: "job-lost", position: 1, jobId: completed },
        ]),
      ).toEqual([0, 1]);
      await engine.stop({ graceful: false, wait: true });
      await withRunner(config, connection, async () => {
        const batch = await batchOnceIn(connection, "job-lost", "done", 30_000);
        expect(batch).toMatchObject({ state: "done", done: 2, failed: 0 });
        for (const row of rows)
          expect(fake.current.requests.filter((request) => request.body.includes(`"${row.request.prompt}"`))).toHaveLength(1);
      });
    },
  );
});
