import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { PERF_MARKS } from "../lib/browser/perf-marks";
import { startFakeImageService } from "../test-support/fake-service/fake-image-service";
import { recordLongTasks } from "./long-tasks";
import { launchBrowser } from "./measure-browser";
import { startNext } from "./next-server";
import type { ShareRow } from "./share-figures";
import { summary } from "./stats";

/**
 * Answers whose picture is not plainly in the body: a zip of twenty 1 MB pictures (answer read by
 * the page → first picture on screen, and the longest main-thread task meanwhile), and an operation
 * announced in headers that finishes after three polls with Retry-After: 1 (the final poll's
 * answer read → its picture on screen). On a playground of its own in front of the fake service.
 */

const RUNS = 5;
const KEY = "sk-bench-answers-0123456789";

type Marks = { received: number[]; shown: number; longest: number };

/** Every "answer read" mark, the first "image shown" one, and the longest task from the last answer before it to it. */
async function marksOf(page: Page): Promise<Marks> {
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PERF_MARKS.imageShown, { timeout: 120_000 });
  await page.waitForTimeout(300); // a task still running at the mark is reported once it ends
  return page.evaluate(
    ([received, shown]) => {
      const shownAt = performance.getEntriesByName(shown as string)[0]?.startTime ?? 0;
      const arrivals = performance
        .getEntriesByName(received as string)
        .map((entry) => entry.startTime)
        .filter((time) => time <= shownAt);
      const from = arrivals.at(-1) ?? 0;
      const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
      const during = tasks.filter((task) => task.start + task.duration >= from && task.start <= shownAt);
      return { received: arrivals, shown: shownAt, longest: Math.max(0, ...during.map((task) => task.duration)) };
    },
    [PERF_MARKS.answerReceived, PERF_MARKS.imageShown] as const,
  );
}

async function generate(page: Page, baseUrl: string, model: string): Promise<void> {
  await recordLongTasks(page);
  await page.goto(baseUrl, { waitUntil: "networkidle" });
  await page.getByLabel("Model", { exact: true }).fill(model);
  await page.getByRole("button", { name: "Generate" }).click();
}

export async function answersElsewhereFigures(): Promise<ShareRow[]> {
  const fake = await startFakeImageService({ apiKey: KEY });
  const dataDir = mkdtempSync(join(tmpdir(), "playground-bench-answers-"));
  const next = await startNext({
    IMAGE_API_BASE_URL: fake.url,
    IMAGE_API_KEY: KEY,
    IMAGE_MODELS: "",
    DATABASE_URL: "",
    PLAYGROUND_DATA_DIR: dataDir,
    PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000000",
  });
  const browser = await launchBrowser();
  const zipShown: number[] = [];
  const zipLongest: number[] = [];
  const operationShown: number[] = [];
  try {
    // The first run of each warms the server and the page's chunks: not counted.
    for (let run = 0; run < RUNS + 1; run++) {
      const page = await browser.newPage();
      await generate(page, next.url, "bench-zip-20x1mb");
      const marks = await marksOf(page);
      if (run > 0) {
        zipShown.push(marks.shown - (marks.received.at(-1) ?? 0));
        zipLongest.push(marks.longest);
      }
      await page.close();
    }
    for (let run = 0; run < RUNS + 1; run++) {
      const page = await browser.newPage();
      // A fresh run's operation is followed at once, at the service's pace.
      await generate(page, next.url, "fake-operation");
      const marks = await marksOf(page);
      // The submission and three polls: the last one ended the job.
      if (marks.received.length !== 4) throw new Error(`expected 4 answers before the picture, read ${marks.received.length}`);
      if (run > 0) operationShown.push(marks.shown - (marks.received.at(-1) ?? 0));
      await page.close();
    }
  } finally {
    await browser.close();
    await next.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return [
    {
      key: "zip_first_picture_ms_20x1mb",
      what: "a zip of twenty 1 MB PNGs (20 MB answer): answer read by the page → first picture on screen",
      value: summary(zipShown),
      unit: "ms",
      target: { op: "<=", value: 1000 },
    },
    {
      key: "zip_longest_task_ms_20x1mb",
      what: "the same: longest main-thread task meanwhile (0: none over 50 ms)",
      value: summary(zipLongest),
      unit: "ms",
      target: { op: "<=", value: 100 },
    },
    {
      key: "operation_final_poll_to_picture_ms",
      what: "an operation announced in headers (202 + Operation-Location), done after 3 polls with Retry-After: 1: final poll's answer read → picture on screen",
      value: summary(operationShown),
      unit: "ms",
      target: { op: "<=", value: 300 },
    },
  ];
}
