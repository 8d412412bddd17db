import { archivedRunFixture } from "../test-support/archived-run";
import type { Browser } from "@playwright/test";
import { PERF_MARKS } from "../lib/browser/perf-marks";
import { noisePng } from "../test-support/fake-service/bench-payloads";
import { recordLongTasks } from "./long-tasks";
import { percentile, summary, type Summary } from "./stats";

/**
 * Sharing, measured the way people meet it: the click that shares a run of four 4 MB images until
 * the link is shown; a shared 64-cell grid opened in a fresh browser until its first image is
 * painted (and the longest main-thread task meanwhile); and the server time of opening one share
 * of a library holding 10,000.
 */

/** Generates `model` afresh each time (a new run, a new share), then times Share → link shown. */
export async function shareClickToLink(browser: Browser, baseUrl: string, model: string, runs: number): Promise<Summary> {
  const times: number[] = [];
  const page = await browser.newPage();
  await page.goto(baseUrl);
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PERF_MARKS.interactive);
  for (let run = 0; run < runs + 1; run++) {
    await page.getByLabel("Model", { exact: true }).fill(model);
    await page.getByLabel("Prompt", { exact: true }).fill(`a share benchmark, run ${run}`);
    await page.getByRole("button", { name: "Generate" }).click();
    const share = page.getByRole("button", { name: "Share result" });
    await share.and(page.locator(":enabled")).waitFor({ timeout: 60_000 });
    await share.click();
    const dialog = page.getByRole("dialog", { name: "Share result" });
    const go = dialog.getByRole("button", { name: "Share", exact: true });
    await go.waitFor();
    const started = await page.evaluate(() => performance.now());
    await go.click();
    await page.waitForFunction(
      () => (document.querySelector<HTMLInputElement>("dialog input[readonly]")?.value ?? "").includes("/s/"),
      null,
      {
        polling: "raf",
        timeout: 60_000,
      },
    );
    const ended = await page.evaluate(() => performance.now());
    if (run > 0) times.push(ended - started);
    await dialog.getByRole("button", { name: "Close" }).click();
  }
  await page.close();
  return summary(times);
}

const GRID_RUN = (index: number, cells: number) =>
  archivedRunFixture({
    id: `bench-grid-cell-${index}`,
    group: {
      id: "bench-grid",
      cellIndex: index,
      cellCount: cells,
      rowAxis: "prompt",
      spec: {
        prompts: Array.from({ length: 8 }, (_, row) => `bench prompt ${row}`).join("\n"),
        models: "m0,m1,m2,m3,m4,m5,m6,m7",
        ratios: "3:2",
      },
    },
    createdAt: Date.now(),
    request: { model: `m${index % 8}`, prompt: `bench prompt ${Math.floor(index / 8)}`, aspect_ratio: "3:2" },
    durationMs: 100,
    filePrefix: `c${index}-`,
  });

/** A 64-cell grid share (each cell a 256 KB PNG), made through the share route as a browser would. */
export async function createGridShare(baseUrl: string, cells: number): Promise<string> {
  const form = new FormData();
  form.set("ownerToken", "bench-owner-token-0123456789abcdef");
  form.set("expires", "never");
  form.set("kind", "grid");
  form.set("record", JSON.stringify({ cells: Array.from({ length: cells }, (_, index) => GRID_RUN(index, cells)) }));
  const image = noisePng(256 * 1024);
  for (let index = 0; index < cells; index++) {
    form.append("file", new Blob([`{"data":[{"b64_json":"playground-file:c${index}-image-1.png"}]}`]), `c${index}-answer.json`);
    form.append("file", new Blob([new Uint8Array(image)], { type: "image/png" }), `c${index}-image-1.png`);
  }
  const response = await fetch(`${baseUrl}/api/shares`, { method: "POST", body: form, headers: { origin: baseUrl } });
  if (!response.ok) throw new Error(`The grid share was refused: ${response.status} ${await response.text()}`);
  const { path } = (await response.json()) as { path: string };
  return `${baseUrl}${path}`;
}

/** A fresh browser context each time (a colleague): navigation → first grid image painted, and long tasks. */
export async function sharedGridOpen(browser: Browser, url: string, runs: number): Promise<{ firstImage: Summary; longestTask: Summary }> {
  const first: number[] = [];
  const longest: number[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await recordLongTasks(page);
    // BENCH_CPU_SLOWDOWN=4 runs the page on a CPU four times slower (a modest laptop on battery).
    if (process.env.BENCH_CPU_SLOWDOWN) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(process.env.BENCH_CPU_SLOWDOWN) });
    }
    // Watched from the navigation's start: the load event waits for every picture in the page,
    // the first one is painted long before.
    await page.goto(url, { waitUntil: "commit" });
    const painted = await page.waitForFunction(
      () => {
        const image = document.querySelector<HTMLImageElement>("[data-testid=grid-cell] img");
        return image?.complete && image.naturalWidth > 0 ? performance.now() : null;
      },
      null,
      { polling: "raf", timeout: 60_000 },
    );
    const firstImage = (await painted.jsonValue()) as number;
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=grid-cell] img").length === 64, null, { timeout: 60_000 });
    await page.waitForTimeout(300);
    const longestTask = await page.evaluate(() =>
      Math.max(0, ...(window as unknown as { __longTasks: { duration: number }[] }).__longTasks.map((task) => task.duration)),
    );
    if (run > 0) {
      first.push(firstImage);
      longest.push(longestTask);
    }
    await context.close();
  }
  return { firstImage: summary(first), longestTask: summary(longest) };
}

/** The framework's own floor: the longest task opening a page with almost no script of ours (a 404), fresh browser each time. */
export async function notFoundPageLongestTask(browser: Browser, baseUrl: string, runs: number): Promise<Summary> {
  const longest: number[] = [];
  for (let run = 0; run < runs + 1; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await recordLongTasks(page);
    await page.goto(`${baseUrl}/s/no-share-has-this-id`);
    await page.waitForTimeout(1000);
    const longestTask = await page.evaluate(() =>
      Math.max(0, ...(window as unknown as { __longTasks: { duration: number }[] }).__longTasks.map((task) => task.duration)),
    );
    if (run > 0) longest.push(longestTask);
    await context.close();
  }
  return summary(longest);
}

/** Pages rendered before the share-open figure is taken (the first 200 after 10 are the cold figure). */
export const SHARE_OPEN_WARM_UP = 300;

/** Server time of GET /s/<id> (the whole page) for random shares of the library; p50 and p95. */
export async function shareOpenServerTime(
  baseUrl: string,
  ids: string[],
  samples: number,
): Promise<{ p50: number; p95: number; coldP50: number }> {
  const timeOpens = async (count: number) => {
    const times: number[] = [];
    for (let sample = 0; sample < count; sample++) {
      const id = ids[Math.floor(Math.random() * ids.length)];
      const started = performance.now();
      const response = await fetch(`${baseUrl}/s/${id}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /s/${id} answered ${response.status}`);
      times.push(performance.now() - started);
    }
    return times;
  };
  // The first few hundred pages a server renders run code still being compiled (about half as
  // fast again; measured: 20-34 ms, then 15-18 ms): reported, but the figure is the warmed server's.
  await timeOpens(10);
  const cold = await timeOpens(samples);
  await timeOpens(SHARE_OPEN_WARM_UP - samples - 10);
  const warm = await timeOpens(samples);
  return { p50: percentile(warm, 0.5), p95: percentile(warm, 0.95), coldP50: percentile(cold, 0.5) };
}

/** Rows of a library of `count` small shares, inserted in batches by plain SQL (the seeding is not measured). */
export async function seedShares(query: (text: string, params: unknown[]) => Promise<unknown>, count: number): Promise<string[]> {
  const ids: string[] = [];
  const png = noisePng(2048);
  const batch = 250;
  for (let start = 0; start < count; start += batch) {
    const values: string[] = [];
    const fileValues: string[] = [];
    const params: unknown[] = [];
    const fileParams: unknown[] = [];
    for (let index = start; index < Math.min(count, start + batch); index++) {
      const id = `bench${String(index).padStart(17, "0")}`;
      ids.push(id);
      const record = archivedRunFixture({
        id: `bench-run-${index}`,
        request: { model: `m${index % 8}`, prompt: `bench prompt ${index}`, aspect_ratio: "3:2" },
        durationMs: 100,
      });
      const at = params.length;
      params.push(id, `owner-${index}`, `run-${index}`, JSON.stringify(record), 4096);
      values.push(`($${at + 1}, $${at + 2}, $${at + 3}, 'run', $${at + 4}::jsonb, $${at + 5})`);
      const fileAt = fileParams.length;
      fileParams.push(id, png);
      fileValues.push(`($${fileAt + 1}, 'image-1.png', 'image/png', ${png.length}, $${fileAt + 2})`);
      fileParams.push(id, Buffer.from('{"data":[{"b64_json":"playground-file:image-1.png"}]}'));
      fileValues.push(`($${fileAt + 3}, 'answer.json', 'application/octet-stream', 50, $${fileAt + 4})`);
    }
    await query(`INSERT INTO shares (id, owner_token_hash, source_key, kind, record, bytes) VALUES ${values.join(", ")}`, params);
    await query(`INSERT INTO share_files (share_id, name, content_type, bytes, data) VALUES ${fileValues.join(", ")}`, fileParams);
  }
  return ids;
}
