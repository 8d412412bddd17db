import { startFakeProcess } from "./child-processes";
import { launchBrowser } from "./measure-browser";
import { historyAtScale } from "./measure-history";
import { startNext } from "./next-server";
const KEY = "sk-bench-key-0123456789";
const fake = await startFakeProcess(KEY);
const next = await startNext({
  IMAGE_API_BASE_URL: fake.url,
  IMAGE_API_KEY: KEY,
  IMAGE_MODELS: "bench-1kb",
  IMAGE_API_DEMO: "on",
  PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000000",
  PLAYGROUND_HISTORY_MAX_RUNS: "20000",
});
const browser = await launchBrowser();
try {
  for (const runs of (process.env.SIZES ?? "500,10000").split(",").map(Number)) {
    console.log(JSON.stringify(await historyAtScale(browser, next.url, runs, "demo-geometric")));
  }
} finally {
  await browser.close();
  await next.stop();
  await fake.stop();
}
