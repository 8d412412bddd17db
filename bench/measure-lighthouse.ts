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
 */

const run = promisify(execFile);

export type LighthouseFigures = {
  performance: Summary;
  accessibility: Summary;
  totalBlockingTimeMs: Summary;
  largestContentfulPaintMs: Summary;
  /** Lighthouse's own measure of how fast this machine was during the runs (higher is faster). */
  benchmarkIndex: Summary;
};

const chromePath = () => chromiumExecutable() ?? chromium.executablePath();

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
    ],
    { env: { ...process.env, CHROME_PATH: chromePath() }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
  );
  return JSON.parse(readFileSync(output, "utf8")) as Report;
}

export async function lighthouse(url: string, formFactor: "mobile" | "desktop", runs: number): Promise<LighthouseFigures> {
  const outputDir = mkdtempSync(join(tmpdir(), "playground-lighthouse-"));
  const reports: Report[] = [];
  try {
    for (let index = 0; index < runs; index++) reports.push(await lighthouseOnce(url, formFactor, outputDir, index));
  } finally {
    rmSync(outputDir, { recursive: true, force: true });
  }
  const figure = (pick: (report: Report) => number) => summary(reports.map(pick));
  return {
    performance: figure((report) => Math.round(report.categories.performance.score * 100)),
    accessibility: figure((report) => Math.round(report.categories.accessibility.score * 100)),
    totalBlockingTimeMs: figure((report) => Math.round(report.audits["total-blocking-time"]?.numericValue ?? Number.NaN)),
    largestContentfulPaintMs: figure((report) => Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN)),
    benchmarkIndex: figure((report) => Math.round(report.environment.benchmarkIndex)),
  };
}
