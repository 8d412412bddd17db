import sharp from "sharp";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright";
import { startPostgres } from "../test-support/postgres-server";
import { archivedRunFixture } from "../test-support/archived-run";
import { PERF_MARKS } from "../lib/browser/perf-marks";
import { treeRssBytes } from "./child-processes";
import { launchBrowser } from "./measure-browser";
import { startNext } from "./next-server";
import type { ShareRow } from "./share-figures";
import { percentile, summary } from "./stats";

/**
 * The library's figures: search at scale on both databases (seeded by SQL), a run made on one
 * device seen on another, the first rows of "All my runs" and what a screenful of it transfers,
 * and uploading a browser's history of 4 MB pictures (runs per second, the server's memory).
 */

type SearchSample = { kind: string; ms: number; found: number };

function searchAtScale(runs: number, url?: string): { seedSeconds: number; searches: SearchSample[] } {
  const output = execFileSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "bench/measure-library-search.ts", String(runs), ...(url ? [url] : [])],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as { seedSeconds: number; searches: SearchSample[] };
}

function searchRows(
  where: string,
  key: string,
  runs: number,
  target: number,
  measured: { seedSeconds: number; searches: SearchSample[] },
): ShareRow[] {
  const times = measured.searches.map((sample) => sample.ms);
  const byKind = new Map<string, number[]>();
  for (const sample of measured.searches) byKind.set(sample.kind, [...(byKind.get(sample.kind) ?? []), sample.ms]);
  const kinds = [...byKind].map(([kind, ms]) => `${kind} ${percentile(ms, 0.95).toFixed(0)}`).join(", ");
  return [
    {
      key: `library_search_ms_p95_${key}`,
      what: `library search, ${runs.toLocaleString("en")} runs by 50 people, ${where}, p95 of ${times.length} (p95 by kind, ms: ${kinds}; seeded in ${measured.seedSeconds.toFixed(0)} s)`,
      value: percentile(times, 0.95),
      unit: "ms",
      target: { op: "<=", value: target },
    },
    {
      key: `library_search_ms_p50_${key}`,
      what: `the same searches, p50`,
      value: summary(times),
      unit: "ms",
    },
  ];
}

async function openDevice(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PERF_MARKS.interactive);
  await page.getByTestId("library-status").and(page.locator('[data-state="synced"]')).waitFor({ timeout: 30_000 });
}

const SYNC_SAMPLES = 20;

/** Two devices of one person on one playground: how long a run made on one takes to show on the other. */
async function deviceFigures(): Promise<ShareRow[]> {
  const server = await startNext({
    PLAYGROUND_DATA_DIR: mkdtempSync(join(tmpdir(), "playground-bench-library-")),
    PLAYGROUND_LIBRARY: "on",
    PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000",
  });
  const browser = await launchBrowser();
  try {
    const [laptop, desktop] = await Promise.all([browser.newContext(), browser.newContext()]);
    const onLaptop = await laptop.newPage();
    const onDesktop = await desktop.newPage();
    await openDevice(onLaptop, server.url);
    await openDevice(onDesktop, server.url);
    const seen: number[] = [];
    for (let sample = 0; sample < SYNC_SAMPLES; sample++) {
      const prompt = `a paper boat on a pond, sample ${sample}`;
      await onLaptop.getByLabel("Prompt", { exact: true }).fill(prompt);
      await onLaptop.getByRole("button", { name: "Generate" }).click();
      await onLaptop.getByTestId("history-prompt").getByText(prompt, { exact: true }).waitFor();
      const saved = Date.now();
      await onDesktop.getByTestId("history-prompt").getByText(prompt, { exact: true }).waitFor({ timeout: 30_000 });
      seen.push(Date.now() - saved);
    }
    // "All my runs" on the other device: its first rows, and what a screenful transfers.
    await onDesktop.evaluate(() => performance.clearResourceTimings());
    const clicked = Date.now();
    await onDesktop.getByRole("radio", { name: "All my runs" }).click();
    await onDesktop.getByTestId("library-result").first().waitFor();
    const firstRows = Date.now() - clicked;
    // A screenful: the thumbnails on screen (the ones further down load as they are scrolled to).
    await onDesktop.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="library-result"] img')]
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
        .every((image) => image.complete && image.naturalWidth > 0),
    );
    const screenful = await onDesktop.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => /\/api\/library\/(search|files)/.test(entry.name))
        .reduce((total, entry) => total + (entry as PerformanceResourceTiming).transferSize, 0),
    );
    const rows = await onDesktop.getByTestId("library-result").count();
    return [
      {
        key: "library_sync_ms_p95",
        what: `a run made on one device, seen on another of the same person (${SYNC_SAMPLES} runs, embedded database), p95 (p50 ${percentile(seen, 0.5)} ms)`,
        value: percentile(seen, 0.95),
        unit: "ms",
        target: { op: "<=", value: 2000 },
      },
      {
        key: "library_first_rows_ms",
        what: `"All my runs" pressed → its first rows on screen (${rows} runs on the first page)`,
        value: firstRows,
        unit: "ms",
        target: { op: "<=", value: 300 },
      },
      {
        key: "library_screenful_kb",
        what: `what that first screenful transferred: the search's answer and every thumbnail (${rows} rows)`,
        value: screenful / 1024,
        unit: "KB",
        target: { op: "<=", value: 200 },
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

const UPLOAD_RUNS = 2000;
const PICTURE_BYTES = 4 * 1024 * 1024;

/** A PNG of noise, square, of about `bytes` bytes. */
async function pictureOfAbout(bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const side = Math.round(Math.sqrt(bytes / 3));
  const png = await sharp({
    create: { width: side, height: side, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return new Uint8Array(png);
}

/**
 * A browser's history brought into the library, as the bring-in sends it (one run at a time), with
 * a distinct 4 MB picture per run: runs per second and the server's memory growth at its peak.
 */
async function uploadFigures(): Promise<ShareRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "playground-bench-library-upload-"));
  const server = await startNext({
    PLAYGROUND_DATA_DIR: dataDir,
    PLAYGROUND_LIBRARY: "on",
    PLAYGROUND_LIBRARY_MAX_MB_PER_PERSON: "100000",
  });
  const pid = server.process.pid ?? 0;
  try {
    // A real picture of about 4 MB (noise does not compress), which the server decodes for its
    // thumbnail; each run's copy ends in bytes of its own, so no two are stored once.
    const picture = await pictureOfAbout(PICTURE_BYTES);
    const upload = async (index: number) => {
      const form = new FormData();
      const record = archivedRunFixture({ id: `upload-${index}`, request: { model: "m", prompt: `upload ${index}`, aspect_ratio: "1:1" } });
      form.set("record", JSON.stringify(record));
      form.set("verdictAt", "0");
      form.append("file", new Blob(['{"data":[{"b64_json":"playground-file:image-1.png"}]}']), "answer.json");
      form.append("file", new Blob([picture, new Uint8Array(randomBytes(16))], { type: "image/png" }), "image-1.png");
      const response = await fetch(`${server.url}/api/library/runs`, { method: "POST", body: form });
      if (response.status !== 201) throw new Error(`upload ${index}: ${response.status} ${await response.text()}`);
    };
    await upload(-1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const baseline = treeRssBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRssBytes(pid))), 50);
    const started = Date.now();
    for (let index = 0; index < UPLOAD_RUNS; index++) await upload(index);
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    return [
      {
        key: "library_upload_runs_per_s",
        what: `bringing a history into the library, one run at a time as the page does, each with its own 4 MB picture, which the server makes a thumbnail of (${UPLOAD_RUNS} runs, embedded database)`,
        value: UPLOAD_RUNS / seconds,
        unit: "runs/s",
      },
      {
        key: "library_upload_rss_growth_mb",
        what: "the server's memory at its peak during that upload, above where it started",
        value: (peak - baseline) / (1024 * 1024),
        unit: "MB",
        target: { op: "<=", value: 256 },
      },
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function librarySearchFigures(): Promise<ShareRow[]> {
  const rows = searchRows("embedded database", "100k_embedded", 100_000, 200, searchAtScale(100_000));
  const postgres = await startPostgres();
  try {
    rows.push(...searchRows("PostgreSQL", "1m_postgres", 1_000_000, 100, searchAtScale(1_000_000, postgres.url)));
  } finally {
    postgres.stop();
  }
  return rows;
}

/** Each part in turn; `done` hears each part's rows as soon as they are measured. */
export async function libraryFigures(done: (rows: ShareRow[]) => void = () => undefined): Promise<ShareRow[]> {
  const rows: ShareRow[] = [];
  for (const part of [librarySearchFigures, deviceFigures, uploadFigures]) {
    const measured = await part();
    done(measured);
    rows.push(...measured);
  }
  return rows;
}
