import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseConnection } from "@/lib/server/database/connection";
import { createTestDatabase } from "@/test-support/database-targets";
import { insertTestBatch, quickRows } from "@/test-support/batch-fixtures";
import { startFakeImageService, type FakeService } from "@/test-support/fake-service/fake-image-service";
import { configFor, ROUTE_TEST_KEY } from "@/test-support/route-helpers";
import type { ServerConfig } from "@/lib/server/config/config";
import { batchFor, batchRowsPage } from "./batch-store";
import { startBatchRunner, type BatchRunner } from "./batch-runner";
import { WEBHOOK_UNANSWERED_AFTER_MS } from "./batch-webhook";
import { flushSpendingWrites } from "@/lib/server/budgets/spending-writer";

/** Two instances of the playground on one PostgreSQL server share a batch's rows, and no row is sent by both. */
describe("two instances on one PostgreSQL", { timeout: 120_000 }, () => {
  let fake: FakeService;
  let config: ServerConfig;
  const connections: DatabaseConnection[] = [];
  const runners: BatchRunner[] = [];
  /** The webhook calls received, by batch id. */
  const hookCalls = new Map<string, number>();
  let hookServer: Server;
  let hookUrl = "";

  beforeAll(async () => {
    fake = await startFakeImageService({ apiKey: ROUTE_TEST_KEY });
    hookServer = createServer((incoming: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const { id } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string };
        hookCalls.set(id, (hookCalls.get(id) ?? 0) + 1);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, "127.0.0.1", () => resolve()));
    const address = hookServer.address();
    hookUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hooks/batch`;
    const parsed = configFor(fake.url, {
      DATABASE_URL: await createTestDatabase(),
      PLAYGROUND_MAX_IN_FLIGHT: "6",
      PLAYGROUND_WEBHOOK_HOSTS: "127.0.0.1",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    config = parsed.config;
    for (let instance = 0; instance < 2; instance++) {
      const connection = await openDatabase({ url: "url" in config.shares.database ? config.shares.database.url : "" });
      connections.push(connection);
      runners.push(await startBatchRunner(config, connection));
    }
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    // The last rows' spending is written before the databases close, as a stopping server does.
    await flushSpendingWrites();
    for (const connection of connections) await connection.close();
    await fake.close();
    hookServer.close();
  });

  it("sends each of 40 rows exactly once, with two runners taking rows, within the batch's concurrency", async () => {
    const [first] = connections;
    if (!first) throw new Error("no connection");
    const made = await insertTestBatch(first, { id: "shared-batch", name: "Shared", rows: quickRows("a shared row", 40), concurrency: 8 });
    expect(made?.total).toBe(40);
    for (const runner of runners) runner.wake();
    let mostAtOnce = 0;
    await expect
      .poll(
        async () => {
          const batch = await batchFor(first, "shared-batch", "you");
          mostAtOnce = Math.max(mostAtOnce, batch?.sending ?? 0);
          return batch?.state;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe("done");
    const sent = fake.requests.filter((entry) => entry.body.includes("a shared row"));
    const prompts = sent.map((entry) => (JSON.parse(entry.body) as { prompt: string }).prompt);
    expect(prompts).toHaveLength(40);
    expect(new Set(prompts).size).toBe(40);
    expect(mostAtOnce).toBeLessThanOrEqual(8);
    const done = await batchRowsPage(first, "shared-batch", { after: -1, limit: 100 });
    expect(done.every((row) => row.state === "done" && row.attempts.length === 1)).toBe(true);
  });

  it("calls again, from one instance only, the webhook of a batch whose server stopped before the call was answered", async () => {
    const [first] = connections;
    if (!first) throw new Error("no connection");
    const webhook = { url: hookUrl, secret: "whsec_hooked" };
    const made = await insertTestBatch(first, {
      id: "hooked-batch",
      name: "Hooked",
      rows: quickRows("a hooked row", 4),
      concurrency: 2,
      webhook,
    });
    expect(made?.total).toBe(4);
    for (const runner of runners) runner.wake();
    await expect.poll(async () => (await batchFor(first, "hooked-batch", "you"))?.webhookOutcome, { timeout: 30_000 }).toBe("204");
    expect(hookCalls.get("hooked-batch")).toBe(1);

    // As if the server that made the call had died before recording its answer, long enough ago:
    // both instances' upkeep find it, and only one calls it again.
    const past = Math.ceil((WEBHOOK_UNANSWERED_AFTER_MS * 2) / 1000);
    await first.db.execute(sql`UPDATE batches SET webhook_outcome = NULL,
      finished_at = now() - make_interval(secs => ${past}::double precision) WHERE id = 'hooked-batch'`);
    for (const runner of runners) runner.wake();
    await expect.poll(async () => (await batchFor(first, "hooked-batch", "you"))?.webhookOutcome, { timeout: 30_000 }).toBe("204");
    // Several upkeep rounds of both instances later, still one call more.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(hookCalls.get("hooked-batch")).toBe(2);
  });
});
