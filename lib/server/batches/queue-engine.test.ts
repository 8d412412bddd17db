import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseConnection } from "@/lib/server/database/connection";
import { createTestDatabase, DATABASE_TARGETS, freshDataFolder } from "@/test-support/database-targets";
import { startQueueEngine, type QueueEngine } from "./queue-engine";

/** A connection and a queue engine on it, of each kind; all stopped at the end. */
const opened: { engine: QueueEngine; connection: DatabaseConnection }[] = [];
async function engineOn(target: { url: string } | { dataDir: string }) {
  const connection = await openDatabase(target);
  const engine = await startQueueEngine(connection);
  opened.push({ engine, connection });
  return { engine, connection };
}
async function stop(entry: { engine: QueueEngine; connection: DatabaseConnection }) {
  await entry.engine.stop({ graceful: false, wait: true });
  await entry.connection.close();
  opened.splice(opened.indexOf(entry), 1);
}
afterAll(async () => {
  for (const entry of [...opened]) await stop(entry);
});

/** Takes jobs until none is left, completing each: the ids each taker got. */
async function drain(engine: QueueEngine, queue: string): Promise<string[]> {
  const taken: string[] = [];
  for (;;) {
    const jobs = await engine.fetch<{ row: number }>(queue, { batchSize: 3 });
    if (jobs.length === 0) return taken;
    for (const job of jobs) taken.push(String(job.data.row));
    await engine.complete(
      queue,
      jobs.map((job) => job.id),
    );
  }
}

describe.each(DATABASE_TARGETS)("the batch queue on %s", (kind) => {
  const target = async () =>
    kind === "embedded" ? { dataDir: freshDataFolder("playground-queue-") } : { url: await createTestDatabase() };

  it("hands each job to one taker, even with two engines on one database", { timeout: 60_000 }, async () => {
    const where = await target();
    const first = await engineOn(where);
    // The embedded database belongs to one process: a second engine shares its connection.
    const second =
      "url" in where ? await engineOn(where) : { engine: await startQueueEngine(first.connection), connection: first.connection };
    if (!("url" in where)) opened.push(second);
    await first.engine.createQueue("rows");
    await first.engine.insert(Array.from({ length: 60 }, (_, row) => ({ name: "rows", data: { row } })));
    const [a, b] = await Promise.all([drain(first.engine, "rows"), drain(second.engine, "rows")]);
    expect([...a, ...b].sort((x, y) => Number(x) - Number(y))).toEqual(Array.from({ length: 60 }, (_, row) => String(row)));
    if (!("url" in where)) {
      await second.engine.stop({ graceful: false, wait: true });
      opened.splice(opened.indexOf(second), 1);
    }
  });

  it(
    "hands a job out again when its taker vanished, once its lease expires, and keeps it across a restart",
    { timeout: 60_000 },
    async () => {
      const where = await target();
      const before = await engineOn(where);
      await before.engine.createQueue("leases", { name: "leases", expireInSeconds: 1, retryLimit: 2, retryDelay: 0 });
      await before.engine.insert([0, 1, 2].map((row) => ({ name: "leases", data: { row } })));
      const held = await before.engine.fetch<{ row: number }>("leases", { batchSize: 1 });
      expect(held).toHaveLength(1);
      // The taker is gone without a word (as after kill -9): the engine and its connection close.
      await stop(before);

      const after = await engineOn(where);
      const waiting = await drain(after.engine, "leases");
      expect(waiting).toHaveLength(2);
      expect(waiting).not.toContain(String(held[0]?.data.row));
      // Past the lease, the engine's upkeep puts it back (retried, not lost).
      let again: string[] = [];
      for (let tries = 0; tries < 40 && again.length === 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        again = await drain(after.engine, "leases");
      }
      expect(again).toEqual([String(held[0]?.data.row)]);
    },
  );
});
