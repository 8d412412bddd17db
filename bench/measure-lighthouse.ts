import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumExecutable } from "./measure-browser";
import { summary, type Summary } from "./stats";

/**
 * Lighthouse's own CLI (a dev dependency) on the empty page, driving the same Chromium the e2e
 * suite uses, with its default simulated throttling: mobile (4× slower CPU, slow 4G) and the
 * desktop preset. Each run starts a fresh browser profile, so nothing is cached between runs.
 * BENCH_CPU_SLOWDOWN=N multiplies the preset's CPU slowdown by N (a slower phone or laptop).
 */

const run = promisify(execFile);

export type LighthouseFigures = {
  performance: Summary;
  accessibility: Summary;
  totalBlockingTimeMs: Summary;
  largestContentfulPaintMs: Summary;
  cumulativeLayoutShift: Summary;
  /** Lighthouse's own measure of how fast this machine was during the runs (higher is faster). */
  benchmarkIndex: Summary;
};

const chromePath = () => chromiumExecutable() ?? chromium.executablePath();

/** BENCH_CPU_SLOWDOWN, or 1. */
export const cpuSlowdown = () => Math.max(1, Number(process.env.BENCH_CPU_SLOWDOWN) || 1);

type Report = {
  categories: Record<"performance" | "accessibility", { score: number }>;
  audits: Record<string, { numericValue?: number }>;
  environment: { benchmarkIndex: number };
};

async function lighthouseOnce(url: string, formFactor: "mobile" | "desktop", outputDir: string, index: number): Promise<Report> {
  const output = join(outputDir, `${formFactor}-${index}.json`);
  await run(
    process.execPath,
    [
      "node_modules/lighthouse/cli/index.js",
      url,
      "--quiet",
      "--output=json",
      `--output-path=${output}`,
      "--only-categories=performance,accessibility",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      ...(formFactor === "desktop" ? ["--preset=desktop"] : []),
      ...(cpuSlowdown() > 1 ? [`--throttling.cpuSlowdownMultiplier=${(formFactor === "desktop" ? 1 : 4) * cpuSlowdown()}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: chromePath() }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  return JSON.parse(readFileSync(output, "utf8")) as Report;
}

function figuresOf(reports: readonly Report[]): LighthouseFigures {
  const figure = (pick: (report: Report) => number) => summary(reports.map(pick));
  return {
    performance: figure((report) => Math.round(report.categories.performance.score * 100)),
    accessibility: figure((report) => Math.round(report.categories.accessibility.score * 100)),
    totalBlockingTimeMs: figure((report) => Math.round(report.audits["total-blocking-time"]?.numericValue ?? Number.NaN)),
    largestContentfulPaintMs: figure((report) => Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN)),
    cumulativeLayoutShift: figure((report) => Number((report.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3))),
    benchmarkIndex: figure((report) => Math.round(report.environment.benchmarkIndex)),
  };
}

/**
 * The page and a floor page (the bare Next page) measured in alternation, `runs` times each: a
 * machine that gets busier or quieter during the runs weighs on both alike.
 */
export async function lighthousePair(
  url: string,
  floorUrl: string,
  formFactor: "mobile" | "desktop",
  runs: number,
): Promise<{ page: LighthouseFigures; floor: LighthouseFigures }> {
  const outputDir = mkdtempSync(join(tmpdir(), "playground-lighthouse-"));
  const page: Report[] = [];
  const floor: Report[] = [];
  try {
    for (let index = 0; index < runs; index++) {
      page.push(await lighthouseOnce(url, formFactor, outputDir, 2 * index));
      floor.push(await lighthouseOnce(floorUrl, formFactor, outputDir, 2 * index + 1));
    }
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
  return { page: figuresOf(page), floor: figuresOf(floor) };
}
