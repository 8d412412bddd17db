import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { javascriptWeight, launchBrowser } from "./measure-browser";
import { freePort, startNext } from "./next-server";

/**
 * Lists each script `/` loads before it is interactive and after, with its gzipped size: the
 * quick look before and after a change to what the first screen imports (`npm run bench:weight`).
 */

const demoPort = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), "playground-weigh-"));
const next = await startNext({ IMAGE_API_DEMO: "on", IMAGE_API_DEMO_PORT: String(demoPort), PLAYGROUND_DATA_DIR: dataDir });
const browser = await launchBrowser();
try {
  const weight = await javascriptWeight(browser, next.url);
  const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  console.log(`Before interactive: ${weight.firstLoadKib.toFixed(1)} KiB gz`);
  for (const script of weight.firstLoad.sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(`${kib(script.gzipBytes)}  ${script.url}  ${Math.round(script.requestedAt - weight.interactiveAt)} ms`);
  const lazy = weight.lazy.reduce((total, script) => total + script.gzipBytes, 0);
  console.log(`After interactive: ${kib(lazy)} KiB gz`);
  for (const script of weight.lazy.sort((a, b) => b.gzipBytes - a.gzipBytes))
    console.log(`${kib(script.gzipBytes)}  ${script.url}  ${Math.round(script.requestedAt - weight.interactiveAt)} ms`);
} finally {
  await browser.close();
  await next.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
