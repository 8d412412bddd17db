import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage } from "node:http";
import { sql, type SQL } from "drizzle-orm";
import { DATABASE_TARGETS, testDatabaseEnv } from "@/test-support/database-targets";
import { startFakeImageService, type FakeService } from "@/test-support/fake-service/fake-image-service";
import { configFor, problemOf, ROUTE_TEST_KEY } from "@/test-support/route-helpers";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { rowsOf } from "@/lib/server/database/result-rows";
import type { ServerConfig } from "@/lib/server/config/config";
import { isUnfinished, type BatchRowView, type BatchSummary } from "@/lib/batches/batch-types";
import {
  BATCH_BODY_MAX_BYTES,
  handleBatchRows,
  handleChangeBatch,
  handleCreateBatch,
  handleExportBatch,
  handleListBatches,
  handleReadBatch,
} from "./batch-handlers";
import { ensureBatchRunner, stopBatchRunner } from "./batch-service";
import { SIGNATURE_HEADER, verifyWebhook } from "./batch-webhook";
import { keptAnswerOf } from "./send-batch-row";
import { BATCH_QUEUE_PREFIX, QUEUE_SCHEMA } from "./queue-names";
import { generationsInFlight } from "@/lib/server/limits/in-flight-limit";
import { setOverride } from "@/lib/server/budgets/budget-overrides";
import { flushSpendingWrites } from "@/lib/server/budgets/spending-writer";

const ORIGIN = "http://localhost:3000";

const request = (path: string, init: { method?: string; body?: string; type?: string } = {}) =>
  new Request(`${ORIGIN}${path}`, {
    method: init.method ?? "GET",
    headers: {
      origin: ORIGIN,
      "sec-fetch-site": "same-origin",
      [PEER_ADDRESS_HEADER]: "127.0.0.1",
      ...(init.body === undefined ? {} : { "content-type": init.type ?? "application/json" }),
    },
    body: init.body,
  });

/** Reads the batch until `done` says so (the runner works on its own). */
async function waitFor(
  config: ServerConfig,
  id: string,
  done: (batch: BatchSummary) => boolean,
  timeoutMs = 30_000,
): Promise<BatchSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = (await (await handleReadBatch(request(`/api/batches/${id}`), { ok: true, config }, id)).json()) as BatchSummary;
    if (done(batch)) return batch;
    if (Date.now() > deadline) throw new Error(`batch ${id} stayed ${JSON.stringify(batch)}; ${await runnerStateOf(config, id)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What the runner had to go on for the batch, for a test that waited in vain: its rows, its
 * queue's jobs, the database's clock against this process's, and the places taken at the service.
 */
async function runnerStateOf(config: ServerConfig, id: string): Promise<string> {
  const database = await sharedDatabase(config.shares);
  const queue = `${BATCH_QUEUE_PREFIX}${id}`;
  const read = async (query: SQL) => rowsOf(await database.db.execute(query));
  const state = {
    rows: await read(sql`SELECT position, state, job_id, not_before, lease_until, jsonb_array_length(attempts) AS attempts
      FROM batch_rows WHERE batch_id = ${id}::text ORDER BY position LIMIT 20`),
    queue: await read(sql`SELECT name FROM ${sql.raw(QUEUE_SCHEMA)}.queue WHERE name = ${queue}::text`),
    jobs: await read(sql`SELECT id, state, start_after FROM ${sql.raw(QUEUE_SCHEMA)}.job WHERE name = ${queue}::text LIMIT 20`),
    clocks: { database: (await read(sql`SELECT now() AS now`))[0]?.now, here: new Date().toISOString() },
    generationsInFlight: generationsInFlight(),
  };
  return `what the runner had: ${JSON.stringify(state)}`;
}

async function rowsOfBatch(config: ServerConfig, id: string): Promise<BatchRowView[]> {
  const response = await handleBatchRows(request(`/api/batches/${id}/rows?limit=500`), { ok: true, config }, id);
  return ((await response.json()) as { rows: BatchRowView[] }).rows;
}

describe.each(DATABASE_TARGETS)("the batch routes and runner on %s", { timeout: 60_000 }, (kind) => {
  let fake: FakeService;
  let config: ServerConfig;
  const hooks: { body: string; signature: string }[] = [];
  let hookServer: ReturnType<typeof createServer>;
  let hookUrl = "";

  beforeAll(async () => {
    fake = await startFakeImageService({ apiKey: ROUTE_TEST_KEY });
    hookServer = createServer((incoming: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        hooks.push({ body: Buffer.concat(chunks).toString("utf8"), signature: String(incoming.headers[SIGNATURE_HEADER] ?? "") });
        // The first call fails: the webhook is tried again.
        response.writeHead(hooks.length === 1 ? 503 : 204).end();
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, "127.0.0.1", () => resolve()));
    const address = hookServer.address();
    hookUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hooks/batch`;
    const parsed = configFor(fake.url, {
      ...(await testDatabaseEnv(kind)),
      PLAYGROUND_WEBHOOK_HOSTS: "127.0.0.1",
      PLAYGROUND_BATCH_MAX_ROWS: "50",
      PLAYGROUND_MAX_IN_FLIGHT: "8",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    config = parsed.config;
  });
  afterAll(async () => {
    await stopBatchRunner();
    // The last rows' spending is written before the database closes, as a stopping server does.
    await flushSpendingWrites();
    await (await sharedDatabase(config.shares)).close();
    await fake.close();
    hookServer.close();
  });

  /** Rows for the fake's slow model (1.5 s at the service), their prompts numbered after `prompt`. */
  const slowRows = (prompt: string, count: number) =>
    Array.from({ length: count }, (_, index) => ({ prompt: `${prompt} ${index}`, model: "fake-slow", aspect_ratio: "1:1" }));

  /**
   * A one-row batch run to its end, then, the runner stopped, its row put back as a server that
   * stopped mid-row leaves it: "sending" for a job nobody holds, its lease over, with `attempts`
   * (and any `more` columns), the batch running again. The next start (or another instance, past
   * the lease) takes it up.
   */
  const stoppedMidRow = async (name: string, prompt: string, attempts: SQL, more: SQL = sql``) => {
    const made = (await (await create({ name, rows: [{ prompt, model: "fake-b64", aspect_ratio: "1:1" }] })).json()) as { id: string };
    await waitFor(config, made.id, (batch) => batch.state === "done");
    await stopBatchRunner();
    const database = await sharedDatabase(config.shares);
    await database.db.execute(sql`UPDATE batch_rows SET state = 'sending', run_id = NULL, job_id = 'gone',
        lease_until = now() - interval '1 second', attempts = ${attempts}${more}
      WHERE batch_id = ${made.id}::text`);
    await database.db.execute(sql`UPDATE batches SET state = 'running', done = 0, finished_at = NULL WHERE id = ${made.id}::text`);
    return { made, database };
  };

  const create = (body: unknown, type = "application/json", query = "") =>
    handleCreateBatch(
      request(`/api/batches${query}`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), type }),
      { ok: true, config },
    );

  it("refuses a CSV with bad rows, naming their lines, and makes nothing", async () => {
    const csv = ["prompt,model,aspect_ratio", "a fox,fake-b64,1:1", ",fake-b64,1:1", "a hare,fake-b64,1:1", "an owl,fake-b64,wide"].join(
      "\n",
    );
    const response = await create(csv, "text/csv", "?name=Broken");
    expect(response.status).toBe(422);
    const problem = await problemOf(response);
    expect(problem.detail).toMatch(/2 rows/);
    expect(Object.keys(problem.errors ?? {})).toEqual(["line 3", "line 5"]);
    const list = (await (await handleListBatches(request("/api/batches"), { ok: true, config })).json()) as { batches: BatchSummary[] };
    expect(list.batches.map((batch) => batch.name)).not.toContain("Broken");
  });

  it("refuses, before anything is made: another site, a body that is not rows, one too large, a webhook elsewhere, a bad concurrency", async () => {
    const rows = [{ prompt: "a fox", model: "fake-b64", aspect_ratio: "1:1" }];
    const crossSite = await handleCreateBatch(
      new Request(`${ORIGIN}/api/batches`, {
        method: "POST",
        headers: { origin: "https://elsewhere.example", "content-type": "application/json", [PEER_ADDRESS_HEADER]: "127.0.0.1" },
        body: JSON.stringify({ rows }),
      }),
      { ok: true, config },
    );
    expect(crossSite.status).toBe(403);
    expect((await problemOf(crossSite)).type).toMatch(/cross-site$/);
    const wrongType = await create("<rows/>", "application/xml");
    expect(wrongType.status).toBe(415);
    const tooLarge = await handleCreateBatch(
      new Request(`${ORIGIN}/api/batches`, {
        method: "POST",
        headers: { "content-type": "text/csv", "content-length": String(BATCH_BODY_MAX_BYTES + 1), [PEER_ADDRESS_HEADER]: "127.0.0.1" },
        body: "prompt\n",
      }),
      { ok: true, config },
    );
    expect(tooLarge.status).toBe(413);
    const hook = await create({ rows, webhook: "https://collector.example/hook" });
    expect(hook.status).toBe(422);
    expect((await problemOf(hook)).detail).toMatch(/collector\.example is not among the hosts webhooks may call/);
    const concurrency = await create({ rows, concurrency: 500 });
    expect(concurrency.status).toBe(422);
    const notJson = await create("{", "application/json");
    expect(notJson.status).toBe(400);
    const list = (await (await handleListBatches(request("/api/batches"), { ok: true, config })).json()) as { batches: BatchSummary[] };
    expect(list.batches).toHaveLength(0);
    // A batch nobody has (or someone else's) is not found, read or changed.
    expect((await handleReadBatch(request("/api/batches/nope"), { ok: true, config }, "nope")).status).toBe(404);
    expect(
      (await handleChangeBatch(request("/api/batches/nope/cancel", { method: "POST" }), { ok: true, config }, "nope", "cancel")).status,
    ).toBe(404);
  });

  it("sends a batch's rows in the order of its lines", async () => {
    const prompts = Array.from({ length: 12 }, (_, index) => `a buoy ${kind} ${index}`);
    const response = await create({
      name: `Buoys ${kind}`,
      rows: prompts.map((prompt) => ({ prompt, model: "fake-b64", aspect_ratio: "1:1" })),
      concurrency: 1,
    });
    expect(response.status).toBe(201);
    const made = (await response.json()) as { id: string };
    await waitFor(config, made.id, (seen) => seen.state === "done");
    const sent = fake.requests.flatMap((entry) => prompts.filter((prompt) => entry.body.includes(`"${prompt}"`)));
    expect(sent).toEqual(prompts);
  });

  it("runs a batch to its end: runs kept in the batch's collection, a 429 tried again, a refusal kept with the service's words and retried", async () => {
    const prompts = Array.from({ length: 8 }, (_, index) => `a lantern ${kind} ${index}`);
    const rows = [
      ...prompts.map((prompt) => ({ prompt, model: "fake-b64", aspect_ratio: "1:1" })),
      { prompt: `a kite ${kind}`, model: "fake-429-once", aspect_ratio: "16:9" },
      { prompt: `a refused one ${kind}`, model: "fake-policy", aspect_ratio: "1:1" },
    ];
    const response = await create({ name: `Lanterns ${kind}`, rows, concurrency: 3, webhook: hookUrl });
    expect(response.status).toBe(201);
    const made = (await response.json()) as { id: string; total: number; collectionId: string; webhookSecret: string };
    expect(made.total).toBe(10);
    const batch = await waitFor(config, made.id, (seen) => seen.state === "done");
    expect(batch).toMatchObject({ total: 10, done: 9, failed: 1, state: "done" });
    const seen = await rowsOfBatch(config, made.id);
    const kite = seen.find((row) => row.model === "fake-429-once");
    expect(kite?.attempts.map((attempt) => [attempt.outcome, attempt.status])).toEqual([
      ["answered", 429],
      ["answered", 200],
    ]);
    const refused = seen.find((row) => row.model === "fake-policy");
    expect(refused).toMatchObject({ state: "failed", status: 400 });
    expect(refused?.answerText).toContain("content_policy_violation");
    // Every prompt went to the service once (the 429 twice), never more.
    const sent = fake.requests.filter((entry) => entry.body.includes(kind) && entry.body.includes("a lantern"));
    expect(sent).toHaveLength(8);
    // The runs are in the library, in the batch's collection, with their pictures, and no key anywhere.
    const database = await sharedDatabase(config.shares);
    const kept = rowsOf(
      await database.db.execute(sql`SELECT r.id, r.record::text AS record FROM library_collection_items i
        JOIN library_runs r ON r.author = i.author AND r.id = i.run_id WHERE i.collection_id = ${made.collectionId}::text`),
    );
    expect(kept).toHaveLength(9);
    for (const run of kept) expect(String(run.record)).not.toContain(ROUTE_TEST_KEY);
    const files = rowsOf(
      await database.db.execute(sql`SELECT count(*) AS thumbnails FROM library_files
        WHERE run_id LIKE ${`batch-${made.id}-%`}::text AND name LIKE 'thumbnail.%'`),
    );
    expect(Number(files[0]?.thumbnails)).toBe(9);
    // The CSV names each row's outcome and files.
    const exported = await (await handleExportBatch(request(`/api/batches/${made.id}/export`), { ok: true, config }, made.id)).text();
    const lines = exported.trim().split("\r\n");
    expect(lines).toHaveLength(11);
    expect(lines[0]).toMatch(/^row,line,state,prompt/);
    expect(lines.find((line) => line.includes("fake-policy"))).toMatch(/,failed,/);
    expect(lines.find((line) => line.includes(prompts[0] ?? "?"))).toMatch(/answer\.json/);
    // The webhook was called when it ended, signed with the secret, and tried again after a 503.
    await expect.poll(() => hooks.length, { timeout: 5000 }).toBe(2);
    for (const hook of hooks) expect(verifyWebhook(made.webhookSecret, hook.body, hook.signature)).toBe(true);
    expect(verifyWebhook("whsec_someone-else", hooks[0]?.body ?? "", hooks[0]?.signature ?? "")).toBe(false);
    expect(JSON.parse(hooks[1]?.body ?? "{}")).toMatchObject({ id: made.id, state: "done", total: 10, done: 9, failed: 1 });
    await expect.poll(async () => (await waitFor(config, made.id, () => true)).webhookOutcome, { timeout: 5000 }).toBe("204");
    // Retry failed rows: only the refused one is sent again (and refused again).
    const retried = await handleChangeBatch(
      request(`/api/batches/${made.id}/retry`, { method: "POST" }),
      { ok: true, config },
      made.id,
      "retry",
    );
    expect(retried.status).toBe(200);
    const again = await waitFor(config, made.id, (seen) => seen.state === "done" && seen.failed === 1 && seen.sending === 0);
    expect(again.done).toBe(9);
    expect(fake.requests.filter((entry) => entry.body.includes(`a refused one ${kind}`))).toHaveLength(2);
    expect(fake.requests.filter((entry) => entry.body.includes(kind) && entry.body.includes("a lantern"))).toHaveLength(8);
    const refusedAgain = (await rowsOfBatch(config, made.id)).find((row) => row.model === "fake-policy");
    expect(refusedAgain?.attempts).toHaveLength(2);
  });

  it("follows a service's job to its picture: sent once, checked at the service's pace, kept with the picture; a failed job fails its row", async () => {
    const rows = [
      { prompt: `a queued lighthouse ${kind}`, model: "fake-async", aspect_ratio: "1:1" },
      { prompt: `a crashing lighthouse ${kind}`, model: "fake-async-failing", aspect_ratio: "1:1" },
    ];
    const response = await create({ name: `Lighthouses ${kind}`, rows, concurrency: 2 });
    expect(response.status).toBe(201);
    const made = (await response.json()) as { id: string; collectionId: string };
    const batch = await waitFor(config, made.id, (seen) => !isUnfinished(seen.state));
    expect(batch).toMatchObject({ state: "done", total: 2, done: 1, failed: 1 });
    const [followed, crashed] = await rowsOfBatch(config, made.id);
    expect(followed).toMatchObject({ state: "done", status: 200, images: 1, problem: null });
    expect(followed?.attempts).toEqual([expect.objectContaining({ outcome: "answered", status: 200 })]);
    expect(crashed).toMatchObject({ state: "failed", images: 0 });
    expect(crashed?.problem).toMatch(/The service's job ended with no image the playground could find \(the job failed\)/);
    expect(crashed?.answerText).toContain("The model crashed while painting.");
    // Each prompt was sent once; its job was checked until it ended (the fake says "processing" twice).
    for (const row of rows) expect(fake.requests.filter((entry) => entry.body.includes(row.prompt))).toHaveLength(1);
    // The kept run is the picture's, with the job's story in its warnings, and its picture in the library.
    const database = await sharedDatabase(config.shares);
    const [kept] = rowsOf(
      await database.db.execute(sql`SELECT r.record::text AS record FROM library_collection_items i
        JOIN library_runs r ON r.author = i.author AND r.id = i.run_id WHERE i.collection_id = ${made.collectionId}::text`),
    );
    const record = JSON.parse(String(kept?.record)) as { status: string; imageCount: number; warnings: string[] };
    expect(record).toMatchObject({ status: "succeeded", imageCount: 1 });
    expect(record.warnings.join(" ")).toMatch(/answered with a job; it was followed for 3 checks, until the image arrived/);
    expect(String(kept?.record)).not.toContain(ROUTE_TEST_KEY);
  });

  it("past the batches one person may have unfinished, a new one is refused with 429 and nothing of it is made", async () => {
    const listed = async () =>
      ((await (await handleListBatches(request("/api/batches"), { ok: true, config })).json()) as { batches: BatchSummary[] }).batches;
    const unfinished = (await listed()).filter((batch) => isUnfinished(batch.state)).length;
    const limited = { ...config, batches: { ...config.batches, perPerson: unfinished + 1 } };
    const make = (name: string) =>
      handleCreateBatch(
        request("/api/batches", {
          method: "POST",
          body: JSON.stringify({
            name,
            concurrency: 1,
            rows: Array.from({ length: 3 }, (_, index) => ({
              prompt: `a held lantern ${kind} ${index}`,
              model: "fake-slow",
              aspect_ratio: "1:1",
            })),
          }),
        }),
        { ok: true, config: limited },
      );
    const first = await make(`Lanterns ${kind}`);
    expect(first.status).toBe(201);
    const { id } = (await first.json()) as { id: string };
    const paused = await handleChangeBatch(request(`/api/batches/${id}/pause`, { method: "POST" }), { ok: true, config }, id, "pause");
    expect(paused.status).toBe(200);

    const refused = await make(`More lanterns ${kind}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await problemOf(refused)).detail).toMatch(/queued, running or paused, the most one person may have at once/);
    expect((await listed()).filter((batch) => batch.name === `More lanterns ${kind}`)).toEqual([]);
    const database = await sharedDatabase(config.shares);
    const collections = rowsOf(
      await database.db.execute(sql`SELECT count(*)::int AS count FROM library_collections WHERE name = ${`More lanterns ${kind}`}`),
    );
    expect(Number(collections[0]?.count)).toBe(0);

    // Once the first has ended, the same batch is taken.
    const cancelled = await handleChangeBatch(request(`/api/batches/${id}/cancel`, { method: "POST" }), { ok: true, config }, id, "cancel");
    expect(cancelled.status).toBe(200);
    await waitFor(config, id, (batch) => batch.sending === 0);
    const again = await make(`More lanterns ${kind}`);
    expect(again.status).toBe(201);
    const second = (await again.json()) as { id: string };
    await handleChangeBatch(request(`/api/batches/${second.id}/cancel`, { method: "POST" }), { ok: true, config }, second.id, "cancel");
    await waitFor(config, second.id, (batch) => batch.sending === 0);
  });

  it("a batch whose rows all ended while it was not ended (its server stopped just then) is ended by the runner's upkeep", async () => {
    const rows = [{ prompt: `a late moon ${kind}`, model: "fake-b64", aspect_ratio: "1:1" }];
    const made = (await (await create({ name: `Moons ${kind}`, rows })).json()) as { id: string };
    await waitFor(config, made.id, (batch) => batch.state === "done");
    // As a server killed between its last row's record and the look for the batch's end leaves it.
    const database = await sharedDatabase(config.shares);
    await database.db.execute(sql`UPDATE batches SET state = 'running', finished_at = NULL WHERE id = ${made.id}`);
    expect((await waitFor(config, made.id, () => true)).state).toBe("running");
    (await ensureBatchRunner(config))?.wake();
    expect(await waitFor(config, made.id, (batch) => batch.state !== "running", 5000)).toMatchObject({ state: "done", done: 1, failed: 0 });
  });

  it("a webhook whose server stopped before the call was answered is called again, signed, by one runner", async () => {
    const made = (await (
      await create({
        name: `Comets ${kind}`,
        rows: [{ prompt: `a comet ${kind}`, model: "fake-b64", aspect_ratio: "1:1" }],
        webhook: hookUrl,
      })
    ).json()) as { id: string; webhookSecret: string };
    const ofThis = () => hooks.filter((hook) => (JSON.parse(hook.body) as { id: string }).id === made.id);
    await expect.poll(async () => (await waitFor(config, made.id, () => true)).webhookOutcome, { timeout: 30_000 }).not.toBeNull();
    // One call, or two when this suite's receiver refused its very first call with a 503.
    const called = ofThis().length;
    expect(called).toBeGreaterThanOrEqual(1);
    // As a server killed while its call was under way leaves it: ended, its webhook with no outcome.
    const database = await sharedDatabase(config.shares);
    await database.db.execute(
      sql`UPDATE batches SET webhook_outcome = NULL, finished_at = now() - interval '10 minutes' WHERE id = ${made.id}`,
    );
    (await ensureBatchRunner(config))?.wake();
    await expect.poll(() => ofThis().length, { timeout: 10_000 }).toBe(called + 1);
    const again = ofThis()[called];
    expect(again && verifyWebhook(made.webhookSecret, again.body, again.signature)).toBe(true);
    await expect.poll(async () => (await waitFor(config, made.id, () => true)).webhookOutcome, { timeout: 10_000 }).toBe("204");
    // Called again once, not at every upkeep.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(ofThis()).toHaveLength(called + 1);
  });

  it("cancel sends no new row, and a cancelled batch is not resumed", async () => {
    const rows = slowRows(`a slow river ${kind}`, 6);
    const made = (await (await create({ name: `Rivers ${kind}`, rows, concurrency: 1 })).json()) as { id: string };
    // The first row has reached the service (and takes 1.5 s there).
    await expect.poll(() => fake.requests.filter((entry) => entry.body.includes(`a slow river ${kind}`)).length).toBe(1);
    const cancelled = await handleChangeBatch(
      request(`/api/batches/${made.id}/cancel`, { method: "POST" }),
      { ok: true, config },
      made.id,
      "cancel",
    );
    expect(cancelled.status).toBe(200);
    const sentAtCancel = fake.requests.filter((entry) => entry.body.includes(`a slow river ${kind}`)).length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(fake.requests.filter((entry) => entry.body.includes(`a slow river ${kind}`)).length).toBe(sentAtCancel);
    const batch = await waitFor(config, made.id, (seen) => seen.sending === 0);
    expect(batch.state).toBe("cancelled");
    expect((await rowsOfBatch(config, made.id)).filter((row) => row.state === "cancelled").length).toBe(6 - sentAtCancel);
    // A cancelled batch is not resumed.
    const resumed = await handleChangeBatch(
      request(`/api/batches/${made.id}/resume`, { method: "POST" }),
      { ok: true, config },
      made.id,
      "resume",
    );
    expect(resumed.status).toBe(409);
    expect((await problemOf(resumed)).detail).toMatch(/cancelled batch cannot be resumed/);
  });

  it("a paused batch sends none of the jobs its runner took ahead, and resumed, sends every row exactly once", async () => {
    // At concurrency 4 the runner takes two jobs more than it has room for (see TAKE_AHEAD_MAX).
    const rows = slowRows(`a slow canal ${kind}`, 10);
    const made = (await (await create({ name: `Canals ${kind}`, rows, concurrency: 4 })).json()) as { id: string };
    const sent = () => fake.requests.filter((entry) => entry.body.includes(`a slow canal ${kind}`)).map((entry) => entry.body);
    await expect.poll(() => sent().length).toBe(4);
    const change = (action: "pause" | "resume") =>
      handleChangeBatch(request(`/api/batches/${made.id}/${action}`, { method: "POST" }), { ok: true, config }, made.id, action);
    expect((await change("pause")).status).toBe(200);
    const sentAtPause = sent().length;
    // The rows in flight end (1.5 s each at the service); nothing new goes out, taken ahead or not.
    await waitFor(config, made.id, (seen) => seen.sending === 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(sent().length).toBe(sentAtPause);
    expect((await change("resume")).status).toBe(200);
    const batch = await waitFor(config, made.id, (seen) => seen.state === "done");
    expect(batch.done).toBe(10);
    const prompts = sent().map((body) => (JSON.parse(body) as { prompt: string }).prompt);
    expect(prompts.length).toBe(10);
    expect(new Set(prompts).size).toBe(10);
  });

  it("a row in flight when the server stopped is sent again once, and its run says both attempts", async () => {
    // As if a server had stopped mid-send: the row taken, an attempt pending, its lease over.
    const { made, database } = await stoppedMidRow(
      `Crash ${kind}`,
      `a crash ${kind}`,
      sql`jsonb_build_array(jsonb_build_object('at', 1, 'outcome', 'pending'))`,
    );
    await database.db.execute(sql`DELETE FROM library_runs WHERE id = ${`batch-${made.id}-0`}::text`);
    // The next start (or another instance, past the lease) takes it up.
    const batch = await waitFor(config, made.id, (seen) => seen.state === "done");
    expect(batch.done).toBe(1);
    const [row] = await rowsOfBatch(config, made.id);
    expect(row?.attempts.map((attempt) => attempt.outcome)).toEqual(["unknown", "answered"]);
    const [run] = rowsOf(await database.db.execute(sql`SELECT record FROM library_runs WHERE id = ${`batch-${made.id}-0`}::text`));
    const record = (typeof run?.record === "string" ? JSON.parse(run.record) : run?.record) as { warnings: string[] };
    expect(record.warnings.join(" ")).toMatch(/Sent 2 times: the server stopped while an earlier attempt was in flight/);
    expect(fake.requests.filter((entry) => entry.body.includes(`a crash ${kind}`))).toHaveLength(2);
  });

  it("a row the service answered before its server stopped is recorded from the kept answer, not sent again", async () => {
    const prompt = `an answered crash ${kind}`;
    // The service's answer as the runner keeps it once it has arrived (a real answer of the fake).
    const answered = await fetch(`${fake.url}/v1/images/generations`, {
      method: "POST",
      headers: { authorization: `Bearer ${ROUTE_TEST_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "fake-b64", prompt, aspect_ratio: "1:1" }),
    });
    const kept = keptAnswerOf({
      outcome: {
        kind: "service",
        exchange: {
          requestId: "kept",
          status: answered.status,
          statusText: answered.statusText,
          contentType: answered.headers.get("content-type") ?? "",
          url: `${fake.url}/v1/images/generations`,
          urlsTried: [`${fake.url}/v1/images/generations`],
          keyHint: "",
          headersMs: 1,
          totalMs: 2,
          serviceRequestId: "",
          retryAfter: "",
          location: "",
          bytes: new Uint8Array(await answered.arrayBuffer()),
        },
      },
      followed: { checks: 0, ended: null, givenUp: null },
      warnings: [],
      createdAt: Date.now(),
    });
    // As if a server had stopped while recording it: the row taken, its attempt answered and the answer kept, its lease over.
    const { made, database } = await stoppedMidRow(
      `Answered ${kind}`,
      prompt,
      sql`jsonb_build_array(jsonb_build_object('at', 1, 'outcome', 'answered', 'status', 200))`,
      sql`, answer = ${JSON.stringify(kept.meta)}::jsonb, answer_bytes = ${kept.bytes}::bytea`,
    );
    await database.db.execute(sql`DELETE FROM library_runs WHERE id = ${`batch-${made.id}-0`}::text`);
    const batch = await waitFor(config, made.id, (seen) => seen.state === "done");
    expect(batch.done).toBe(1);
    const [row] = await rowsOfBatch(config, made.id);
    expect(row?.attempts.map((attempt) => attempt.outcome)).toEqual(["answered"]);
    expect(row?.images).toBe(1);
    const [run] = rowsOf(await database.db.execute(sql`SELECT record FROM library_runs WHERE id = ${`batch-${made.id}-0`}::text`));
    const record = (typeof run?.record === "string" ? JSON.parse(run.record) : run?.record) as { status: string; imageCount: number };
    expect(record).toMatchObject({ status: "succeeded", imageCount: 1 });
    // Sent by the batch once, and once above for the answer: not a third time.
    expect(fake.requests.filter((entry) => entry.body.includes(prompt))).toHaveLength(2);
    const [left] = rowsOf(await database.db.execute(sql`SELECT answer, answer_bytes FROM batch_rows WHERE batch_id = ${made.id}::text`));
    expect(left).toEqual({ answer: null, answer_bytes: null });
  });

  it("a row sent as often as a row may be, each time with no outcome recorded, is not sent again: it fails, saying so", async () => {
    const prompt = `sent too often ${kind}`;
    // Four attempts whose outcome is unknown and a fifth in flight when its server stopped.
    const { made } = await stoppedMidRow(
      `Too often ${kind}`,
      prompt,
      sql`(SELECT jsonb_agg(jsonb_build_object('at', n, 'outcome', CASE WHEN n < 5 THEN 'unknown' ELSE 'pending' END)) FROM generate_series(1, 5) n)`,
    );
    const batch = await waitFor(config, made.id, (seen) => !isUnfinished(seen.state));
    expect(batch).toMatchObject({ state: "failed", done: 0, failed: 1 });
    const [row] = await rowsOfBatch(config, made.id);
    expect(row?.attempts.map((attempt) => attempt.outcome)).toEqual(["unknown", "unknown", "unknown", "unknown", "unknown"]);
    expect(row?.problem).toMatch(/^Sent 5 times with no outcome recorded/);
    // Sent once, when the batch first ran: not a sixth time.
    expect(fake.requests.filter((entry) => entry.body.includes(prompt))).toHaveLength(1);
  });

  it("a budget used pauses the batch with the reason, and it goes on when an admin raises the cap", async () => {
    const database = await sharedDatabase(config.shares);
    const you = { id: "you", name: "You" };
    await setOverride(database, you, { imagesPerDay: 2, imagesPerMonth: null, costMicrosPerMonth: null }, you);
    const rows = Array.from({ length: 4 }, (_, index) => ({ prompt: `a budget ${kind} ${index}`, model: "fake-b64", aspect_ratio: "1:1" }));
    const made = (await (await create({ name: `Budget ${kind}`, rows, concurrency: 1 })).json()) as { id: string };
    const paused = await waitFor(config, made.id, (batch) => batch.state === "paused");
    expect(paused.pausedFor).toBe("budget");
    expect(paused.pauseDetail).toMatch(/image/);
    expect(paused.done).toBeLessThan(4);
    await setOverride(database, you, { imagesPerDay: 10_000, imagesPerMonth: null, costMicrosPerMonth: null }, you);
    // As if its next look at the budget had come (at most 15 s after it paused).
    await database.db.execute(sql`UPDATE batches SET resume_at = now() WHERE id = ${made.id}::text`);
    const batch = await waitFor(config, made.id, (seen) => seen.state === "done");
    expect(batch.done).toBe(4);
  });
});
