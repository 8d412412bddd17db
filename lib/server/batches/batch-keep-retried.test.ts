import { describe, expect, it } from "vitest";
import { openDatabase, type DatabaseConnection } from "@/lib/server/database/connection";
import { DATABASE_TARGETS } from "@/test-support/database-targets";
import { batchOnceIn, freshTarget, insertTestBatch, quickRows, withRunner } from "@/test-support/batch-fixtures";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { batchRowsPage } from "./batch-store";

/**
 * The database fails the statement that keeps a row's answer (a deadlock it broke, a connection it
 * could not give in time): the service has answered, so the keep is tried again, and the row is
 * not put back in line to be sent a second time.
 */
describe.each(DATABASE_TARGETS)("an answer whose keep the database failed (%s)", (kind) => {
  const fake = fakeServiceForSuite();

  /** Fails the first `times` statements that keep an answer (alone or with the next row's claim). */
  function failingKeeps(connection: DatabaseConnection, times: number): { failed: () => number } {
    let failed = 0;
    const execute = connection.db.execute.bind(connection.db);
    connection.db.execute = ((query: Parameters<typeof execute>[0]) => {
      const text = JSON.stringify((query as { queryChunks?: unknown }).queryChunks ?? "");
      if (text.includes("keep_batch_answer") && failed < times) {
        failed++;
        return Promise.reject(new Error("deadlock detected"));
      }
      return execute(query);
    }) as typeof connection.db.execute;
    return { failed: () => failed };
  }

  it("keeps it on a later try: each row is sent once, with one attempt", { timeout: 60_000 }, async () => {
    const { where, config } = await freshTarget(kind, fake.current.url);
    const connection = await openDatabase(where);
    const keeps = failingKeeps(connection, 4);
    const rows = quickRows("a kept-again row", 6);
    const made = await insertTestBatch(connection, { id: "keep-retried", rows, concurrency: 2 });
    expect(made?.total).toBe(6);
    await withRunner(config, connection, async () => {
      const batch = await batchOnceIn(connection, "keep-retried", "done", 40_000);
      expect(keeps.failed()).toBe(4);
      expect(batch).toMatchObject({ state: "done", done: 6, failed: 0 });
      const prompts = fake.current.requests.filter((request) => request.body.includes("a kept-again row")).map((request) => request.body);
      expect(prompts).toHaveLength(6);
      const done = await batchRowsPage(connection, "keep-retried", { after: -1, limit: 100 });
      expect(done.map((row) => [row.state, row.attempts.length])).toEqual(rows.map(() => ["done", 1]));
    });
  });
});
