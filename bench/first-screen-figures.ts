import { javascriptWeight, launchBrowser, pageWeightKib } from "./measure-browser";
import { cpuSlowdown, lighthousePair } from "./measure-lighthouse";
import type { ShareRow } from "./share-figures";
import { round, type Summary } from "./stats";

/**
 * What the first screen costs a person's browser, beside a bare Next page measured the same way
 * in the same run: the JavaScript loaded before the page is interactive, and Lighthouse's mobile
 * (and desktop) figures, page and bare page in alternation.
 */

export type FirstScreenRow = ShareRow & { relay?: Summary | number };

const LIGHTHOUSE_RUNS = 5;

export async function firstScreenFigures(playgroundUrl: string, bareUrl: string): Promise<FirstScreenRow[]> {
  const rows: FirstScreenRow[] = [];
  const browser = await launchBrowser();
  try {
    const weight = await javascriptWeight(browser, playgroundUrl);
    const bare = await pageWeightKib(browser, `${bareUrl}/`);
    for (const script of weight.lazy)
      console.log(`    loaded after the page was interactive: ${script.url} ${round(script.gzipBytes / 1024)} KiB gz`);
    rows.push({
      key: "first_load_js_kib_gz",
      what: "gzipped JavaScript requested for / before it is interactive (hydrated); beside it the bare Next page's whole load",
      value: weight.firstLoadKib,
      relay: bare,
      unit: "KiB",
      target: { op: "<=", value: 150 },
    });
    rows.push({
      key: "lazy_chunks_kib_gz",
      what: `loaded after the page is interactive, up to the first answer shown: history, validation, request runtime, answer views (${weight.lazy.length} chunks)`,
      value: weight.lazy.reduce((total, script) => total + script.gzipBytes, 0) / 1024,
      unit: "KiB",
    });
  } finally {
    await browser.close();
  }

  const slower = cpuSlowdown() > 1 ? ` (CPU slowdown × ${cpuSlowdown()})` : "";
  for (const formFactor of ["mobile", "desktop"] as const) {
    const { page, floor } = await lighthousePair(`${playgroundUrl}/`, `${bareUrl}/`, formFactor, LIGHTHOUSE_RUNS);
    const machine = `Lighthouse benchmark index ${page.benchmarkIndex.median} (${page.benchmarkIndex.min}–${page.benchmarkIndex.max})`;
    // The targets are the phone's: the desktop preset is reported beside it.
    const mobile = formFactor === "mobile";
    rows.push({
      key: `lighthouse_${formFactor}_performance`,
      what: `Lighthouse ${formFactor}${slower} performance score, empty page; beside it the bare Next page (${machine})`,
      value: page.performance,
      relay: floor.performance,
      unit: "",
      ...(mobile ? { target: { op: ">=", value: 98 } } : {}),
    });
    rows.push({
      key: `lighthouse_${formFactor}_tbt_ms`,
      what: `Lighthouse ${formFactor}${slower} total blocking time`,
      value: page.totalBlockingTimeMs,
      relay: floor.totalBlockingTimeMs,
      unit: "ms",
    });
    rows.push({
      key: `lighthouse_${formFactor}_tbt_vs_bare`,
      what: `Lighthouse ${formFactor}${slower} total blocking time / the bare page's (medians: ${page.totalBlockingTimeMs.median} / ${floor.totalBlockingTimeMs.median} ms)`,
      value: page.totalBlockingTimeMs.median / Math.max(1, floor.totalBlockingTimeMs.median),
      unit: "×",
      ...(mobile ? { target: { op: "<=", value: 1.25 } } : {}),
    });
    rows.push({
      key: `lighthouse_${formFactor}_lcp_over_bare_ms`,
      what: `Lighthouse ${formFactor}${slower} largest contentful paint minus the bare page's (medians: ${page.largestContentfulPaintMs.median} − ${floor.largestContentfulPaintMs.median} ms)`,
      value: page.largestContentfulPaintMs.median - floor.largestContentfulPaintMs.median,
      unit: "ms",
      ...(mobile ? { target: { op: "<=", value: 300 } } : {}),
    });
    rows.push({
      key: `lighthouse_${formFactor}_cls`,
      what: `Lighthouse ${formFactor}${slower} cumulative layout shift, empty page`,
      value: page.cumulativeLayoutShift,
      relay: floor.cumulativeLayoutShift,
      unit: "",
      ...(mobile ? { target: { op: "<=", value: 0.02 } } : {}),
    });
    rows.push({
      key: `lighthouse_${formFactor}_accessibility`,
      what: `Lighthouse ${formFactor} accessibility score, empty page`,
      value: page.accessibility,
      relay: floor.accessibility,
      unit: "",
      target: { op: ">=", value: 100 },
    });
  }
  return rows;
}
