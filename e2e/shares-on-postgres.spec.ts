import pg from "pg";
import type { Page } from "@playwright/test";
import { startPostgres, type PostgresServer } from "../test-support/postgres-server";
import { samplePng } from "../test-support/fake-service/behaviours";
import { archivedRunFixture } from "../test-support/archived-run";
import { expect, test } from "./fixtures";
import { fillForm, naturalSize, openPlayground } from "./helpers";
import { startInstance, type Instance } from "./instances";
import { E2E } from "./servers";

/**
 * Two playground instances on one PostgreSQL server (started here, as the unit tests do): what one
 * shares, the other serves. The database is also where these tests reach in to make a share
 * expire, and to check that refused shares stored nothing.
 */

test.describe.configure({ mode: "serial" });

let postgres: PostgresServer;
let database: pg.Client;
let first: Instance;
let second: Instance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startPostgres();
  const env = { DATABASE_URL: postgres.url, PLAYGROUND_SHARE_MAX_MB: "1", PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000" };
  [first, second] = await Promise.all([
    startInstance("postgres-first", E2E.postgresFirstPort, env),
    startInstance("postgres-second", E2E.postgresSecondPort, env),
  ]);
  database = new pg.Client(postgres.url);
  await database.connect();
});

test.afterAll(async () => {
  await database?.end();
  await Promise.all([first?.stop(), second?.stop()]);
  postgres?.stop();
});

async function shareFrom(page: Page, prompt: string, expiry: string): Promise<string> {
  await openPlayground(page, first.url);
  await fillForm(page, { prompt });
  await page.getByRole("button", { name: "4:3", exact: true }).click();
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByRole("button", { name: "Share result" })).toBeEnabled();
  await page.getByRole("button", { name: "Share result" }).click();
  const dialog = page.getByRole("dialog", { name: "Share result" });
  await dialog.getByRole("radio", { name: expiry }).check();
  await dialog.getByRole("button", { name: "Share", exact: true }).click();
  const link = dialog.getByRole("textbox", { name: "Shared link" });
  await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}$/);
  return link.inputValue();
}

const libraryState = async () => {
  const shares = await database.query<{ count: string }>("SELECT count(*) FROM shares");
  const library = await database.query<{ bytes: string }>("SELECT bytes FROM share_library");
  return { shares: Number(shares.rows[0]?.count), bytes: Number(library.rows[0]?.bytes) };
};

test("a share made through one instance opens through the other", async ({ page, browser }) => {
  const url = await shareFrom(page, "a windmill in a tulip field", "Never");
  const id = url.split("/s/")[1];
  const colleague = await browser.newContext();
  try {
    const other = await colleague.newPage();
    const response = await other.goto(`${second.url}/s/${id}`);
    expect(response?.status()).toBe(200);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("a windmill in a tulip field");
    expect(await naturalSize(other)).toEqual({ width: 1024, height: 768 });
  } finally {
    await colleague.close();
  }
});

test("an expired share answers 410 in plain words, and its files are purged", async ({ page }) => {
  const url = await shareFrom(page, "a paper boat on a puddle", "1 day");
  const id = url.split("/s/")[1] ?? "";
  const before = await libraryState();
  // A day later, as far as the library can tell.
  await database.query("UPDATE shares SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
  const response = await page.goto(`${second.url}/s/${id}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This share has expired" })).toBeVisible();
  const files = await database.query<{ count: string }>("SELECT count(*) FROM share_files WHERE share_id = $1", [id]);
  expect(Number(files.rows[0]?.count)).toBe(0);
  expect((await libraryState()).bytes).toBeLessThan(before.bytes);
  // Still gone, not "never existed", the next time.
  expect((await page.goto(`${first.url}/s/${id}`))?.status()).toBe(410);
});

test("hostile share payloads are refused with nothing stored", async ({ page, playwright }) => {
  await openPlayground(page, first.url);
  const before = await libraryState();
  const run = archivedRunFixture({
    id: "hostile-run",
    createdAt: Date.now(),
    request: { model: "demo-geometric", prompt: "hostile", aspect_ratio: "1:1" },
    durationMs: 10,
  });
  // Sent from the playground's own page, as its script would: only the content differs.
  const post = (image: { text?: string; bytes?: number[]; size?: number }) =>
    page.evaluate(
      async ({ record, image }) => {
        const form = new FormData();
        form.set("ownerToken", "hostile-owner-token-0123456789");
        form.set("expires", "never");
        form.set("kind", "run");
        form.set("record", record);
        form.append("file", new Blob(['{"data":[{"b64_json":"playground-file:image-1.png"}]}']), "answer.json");
        const bytes = image.text !== undefined ? new TextEncoder().encode(image.text) : new Uint8Array(image.size ?? 0);
        if (image.bytes) bytes.set(image.bytes);
        form.append("file", new Blob([bytes], { type: "image/png" }), "image-1.png");
        const response = await fetch("/api/shares", { method: "POST", body: form });
        return { status: response.status, body: (await response.json()) as { detail: string } };
      },
      { record: JSON.stringify(run), image },
    );
  const svg = await post({ text: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' });
  expect(svg.status).toBe(422);
  expect(svg.body.detail).toMatch(/not a PNG, JPEG, WebP, GIF or AVIF image/);
  const html = await post({ text: "<!doctype html><title>png</title><script>alert(document.cookie)</script>" });
  expect(html.status).toBe(422);
  // A real PNG's first bytes, then 2 MB more than a share may hold here.
  const oversize = await post({ bytes: [...samplePng(4, 4).subarray(0, 16)], size: 2 * 1024 * 1024 });
  expect(oversize.status).toBe(413);
  expect(oversize.body.detail).toMatch(/at most 1 MB\. Nothing was stored/);

  // Another site's page posting to the playground: refused before the body is read.
  const attacker = await playwright.request.newContext({
    extraHTTPHeaders: { origin: "https://attacker.example", "sec-fetch-site": "cross-site" },
  });
  try {
    const crossSite = await attacker.post(`${first.url}/api/shares`, {
      multipart: { ownerToken: "attacker-owner-token-0123456789", expires: "never", kind: "run", record: JSON.stringify(run) },
    });
    expect(crossSite.status()).toBe(403);
  } finally {
    await attacker.dispose();
  }
  expect(await libraryState()).toEqual(before);
});
