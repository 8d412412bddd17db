import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "./fixtures";
import { fakeRequests, keepScreenshot, openPlayground } from "./helpers";
import { startInstance, type Instance } from "./instances";
import { E2E } from "./servers";
import type { BatchRowView, BatchSummary } from "../lib/batches/batch-types";
import { seededDataFolder } from "./embedded-template";

/**
 * Batches on the server: made on the Batches page from a CSV (bad rows named by line before
 * anything is made), run to the end with no page open, and taken up again after the server is
 * killed (kill -9) half way, each row done once but for the rows in flight at the kill.
 */

test.describe.configure({ mode: "serial", timeout: 180_000 });

const dataDir = seededDataFolder(mkdtempSync(join(tmpdir(), "playground-batches-e2e-")));
const env = {
  PLAYGROUND_DATA_DIR: dataDir,
  PLAYGROUND_LIBRARY: "on",
  IMAGE_API_BASE_URL: E2E.fakeUrl,
  IMAGE_API_KEY: E2E.fakeKey,
  IMAGE_MODELS: "fake-b64,fake-slow,fake-policy-once",
  PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000",
};
let instance: Instance;

test.beforeAll(async () => {
  instance = await startInstance("batches", E2E.batchesPort, env);
});
test.afterAll(async () => instance?.stop());

async function readBatch(id: string): Promise<BatchSummary> {
  return (await (await fetch(`${instance.url}/api/batches/${id}`)).json()) as BatchSummary;
}

async function allRows(id: string): Promise<BatchRowView[]> {
  return ((await (await fetch(`${instance.url}/api/batches/${id}/rows?limit=500`)).json()) as { rows: BatchRowView[] }).rows;
}

/** The requests that reached the shared fake's endpoint ({base}/api): the first calls probe {base} first and get 404. */
async function generationsFor(text: string) {
  return (await fakeRequests()).filter((request) => request.path === "/api/v1/images/generations" && request.body.includes(text));
}

const csvOf = (prompts: string[], model: string) =>
  ["prompt,model,aspect_ratio", ...prompts.map((prompt) => `${prompt},${model},1:1`)].join("\n");

test("a CSV's bad rows are named by line; a 40-row batch made on the page finishes with the tab closed", async ({ browser }, testInfo) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${instance.url}/batches`);
  const prompts = Array.from({ length: 40 }, (_, index) => `a paper boat on a pond ${index}`);
  const broken = csvOf(prompts, "fake-b64").split("\n");
  broken[3] = ",fake-b64,1:1";
  broken[8] = "a boat,fake-b64,sideways";
  await page.getByLabel("Rows", { exact: true }).fill(broken.join("\n"));
  const preview = page.getByTestId("batch-preview");
  await expect(preview).toContainText("2 rows are not valid (lines 4, 9)");
  await expect(preview).toContainText("Line 4: Enter a prompt.");
  // The rows that are fine are previewed beside the refusal, so the columns can be checked at once.
  await expect(page.getByRole("table")).toContainText("38 other rows are fine; the first 5:");
  await expect(page.getByRole("table")).toContainText("a paper boat on a pond 0");
  await expect(page.getByRole("button", { name: "Start batch" })).toBeDisabled();
  await keepScreenshot(page, testInfo, "batch-invalid-rows");

  await page.getByLabel("Name").fill("Paper boats");
  await page.getByLabel("Rows", { exact: true }).fill(csvOf(prompts, "fake-b64"));
  await expect(preview).toContainText("40 rows ready");
  await page.getByRole("button", { name: "Start batch of 40 rows" }).click();
  await page.waitForURL(/\/batches\/[\w-]+$/);
  const id = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  // The tab goes: the server carries on.
  await context.close();
  await expect.poll(async () => (await readBatch(id)).state, { timeout: 60_000 }).toBe("done");
  expect(await readBatch(id)).toMatchObject({ total: 40, done: 40, failed: 0 });

  const later = await browser.newPage();
  await later.goto(`${instance.url}/batches/${id}`);
  await expect(later.getByTestId("batch-counts")).toHaveText("40 of 40 done");
  await expect(later.getByTestId("batch-state")).toHaveText("Done");
  // The results on the batch's own page: its collection's grid, with review and the arena.
  const results = later.getByRole("region", { name: "Results" });
  await expect(results.getByTestId("collection-item").first()).toBeVisible();
  await expect(results.getByTestId("collection-prompt").first()).toContainText("a paper boat on a pond");
  await expect(results.getByRole("button", { name: "Review" })).toBeEnabled();
  await expect(results.getByRole("button", { name: "Arena" })).toBeEnabled();
  await keepScreenshot(later, testInfo, "batch-done");
  await later.getByRole("link", { name: "Open as a collection" }).click();
  await expect(later.getByRole("heading", { name: "Paper boats", level: 1 })).toBeVisible();
  await expect(later.getByText(/^40 runs · Private/)).toBeVisible();
  const sent = await generationsFor("a paper boat on a pond");
  expect(sent).toHaveLength(40);
  await later.close();
});

test("a grid sent with Run on the server becomes a batch that runs each cell, the page following it", async ({ page }, testInfo) => {
  await openPlayground(page, instance.url);
  await page.getByRole("tab", { name: "Grid" }).click();
  await page.getByLabel("Prompt variants").fill("a kite over {dunes|cliffs}");
  await page.getByLabel("Models", { exact: true }).fill("fake-b64");
  await page.getByLabel("Aspect ratios", { exact: true }).fill("1:1, 16:9");
  await expect(page.getByTestId("grid-count")).toContainText("2 prompts × 1 model × 2 ratios = 4 requests");
  await page.getByRole("button", { name: "Run on the server" }).click();
  await page.waitForURL(/\/batches\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: "Grid: a kite over dunes +1 prompt" })).toBeVisible();
  await expect(page.getByTestId("batch-counts")).toHaveText("4 of 4 done", { timeout: 30_000 });
  await keepScreenshot(page, testInfo, "grid-batch-done");
  // The browser sent no cell itself: the server sent each once, as the grid planned it.
  const sent = (await generationsFor("a kite over")).map((request) => JSON.parse(request.body) as { prompt: string; aspect_ratio: string });
  expect(sent.map((body) => `${body.prompt} ${body.aspect_ratio}`).sort()).toEqual([
    "a kite over cliffs 16:9",
    "a kite over cliffs 1:1",
    "a kite over dunes 16:9",
    "a kite over dunes 1:1",
  ]);
});

test("Retry failed rows sends the refused rows again; the results offer only what is new since the grid was last read", async ({
  page,
}, testInfo) => {
  // The fake refuses a request the first time it sees it: this run's prompts are its own.
  const tag = randomUUID().slice(0, 8);
  const csv = [
    "prompt,model,aspect_ratio",
    `a first try fox ${tag},fake-slow,1:1`,
    `a first try owl ${tag},fake-slow,1:1`,
    `a second try hare ${tag},fake-policy-once,1:1`,
    `a second try wren ${tag},fake-policy-once,1:1`,
    `a second try newt ${tag},fake-policy-once,1:1`,
  ].join("\n");
  const made = await fetch(`${instance.url}/api/batches?name=Second%20tries&concurrency=1`, {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: csv,
  });
  expect(made.status).toBe(201);
  const { id } = (await made.json()) as { id: string };
  // Paused at once (at most the first row was under way), so the page opens with the results still to come.
  expect((await fetch(`${instance.url}/api/batches/${id}/pause`, { method: "POST" })).status).toBe(200);
  await page.goto(`${instance.url}/batches/${id}`);
  await page.getByRole("button", { name: "Resume" }).click();
  const counts = page.getByTestId("batch-counts");
  await expect(counts).toHaveText(/^2 of 5 done · 3 failed/, { timeout: 30_000 });
  await expect(page.getByTestId("batch-state")).toHaveText("Done, with failures");
  const results = page.getByRole("region", { name: "Results" });
  await expect(results.getByTestId("collection-item")).toHaveCount(2);

  await page.getByRole("button", { name: "Retry failed rows (3)" }).click();
  // The grid read all 2 when the batch ended: the first retried row's result is 1 new, not 3.
  await expect(page.getByRole("button", { name: "Show 1 new result", exact: true })).toBeVisible({ timeout: 15_000 });
  await keepScreenshot(page, testInfo, "batch-retry-new-result");
  await page.getByRole("button", { name: "Show 1 new result", exact: true }).click();
  await expect(results.getByTestId("collection-item")).toHaveCount(3);
  await expect(counts).toHaveText(/^5 of 5 done/, { timeout: 30_000 });
  await expect(page.getByTestId("batch-state")).toHaveText("Done");
  await expect(results.getByTestId("collection-item")).toHaveCount(5);
  for (const row of (await allRows(id)).filter((seen) => seen.model === "fake-policy-once"))
    expect(row.attempts.map((attempt) => attempt.status)).toEqual([400, 200]);
});

test("kill -9 half way: after a restart every row is done, and only rows in flight at the kill were sent twice", async () => {
  const prompts = Array.from({ length: 40 }, (_, index) => `a slow tide ${index}`);
  const made = await fetch(`${instance.url}/api/batches?name=Tides&concurrency=4`, {
    method: "POST",
    headers: { "content-type": "text/csv" },
    body: csvOf(prompts, "fake-slow"),
  });
  expect(made.status).toBe(201);
  const { id, total } = (await made.json()) as { id: string; total: number };
  expect(total).toBe(40);
  await expect.poll(async () => (await readBatch(id)).done, { timeout: 60_000, intervals: [100] }).toBeGreaterThanOrEqual(20);
  instance.child.kill("SIGKILL");
  await instance.exited;
  instance = await startInstance("batches-restarted", E2E.batchesPort, env);
  // Nothing asks the restarted server about batches: it takes the batch up by itself.
  const distinctPrompts = async () => new Set((await generationsFor("a slow tide")).map((request) => request.body)).size;
  await expect.poll(distinctPrompts, { timeout: 90_000, intervals: [250] }).toBe(40);
  await expect.poll(async () => (await readBatch(id)).state, { timeout: 30_000 }).toBe("done");
  const rows = await allRows(id);
  expect(rows.filter((row) => row.state === "done")).toHaveLength(40);
  const sentTwice = rows.filter((row) => row.attempts.length > 1);
  // Rows in flight at the kill, at most the concurrency: their first attempt's outcome is unknown.
  expect(sentTwice.length).toBeLessThanOrEqual(4);
  for (const row of sentTwice) expect(row.attempts.map((attempt) => attempt.outcome)).toEqual(["unknown", "answered"]);
  const sent = await generationsFor("a slow tide");
  expect(sent).toHaveLength(40 + sentTwice.length);
  expect(new Set(sent.map((request) => (JSON.parse(request.body) as { prompt: string }).prompt)).size).toBe(40);
});
