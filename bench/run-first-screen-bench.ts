import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { firstScreenFigures } from "./first-screen-figures";
import { freePort, startBareRelay, startNext } from "./next-server";
import { printRows } from "./print-rows";
import { round } from "./stats";

/**
 * `npm run bench:first-screen`: the first screen's JavaScript and Lighthouse figures beside a bare
 * Next page (also part of `npm run bench`). BENCH_CPU_SLOWDOWN=4 runs Lighthouse on a CPU four
 * times slower again.
 */

const dataDir = mkdtempSync(join(tmpdir(), "playground-first-screen-"));
const next = await startNext({ IMAGE_API_DEMO: "on", IMAGE_API_DEMO_PORT: String(await freePort()), PLAYGROUND_DATA_DIR: dataDir });
// The bare app's page is the floor; its relay route is not called here.
const bare = await startBareRelay("http://127.0.0.1:9/v1/images/generations", "unused");
try {
  const rows = await firstScreenFigures(next.url, bare.url);
  printRows(rows);
  for (const row of rows) {
    if (row.relay === undefined) continue;
    const value = typeof row.relay === "number" ? row.relay : row.relay.median;
    console.log(`  bare Next page, ${row.key}: ${round(value, 2)} ${row.unit}`);
  }
} finally {
  await bare.stop();
  await next.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
