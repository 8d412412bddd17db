import { startFakeProcess } from "./child-processes";
import { launchBrowser } from "./measure-browser";
import { recordLongTasks } from "./long-tasks";
import { startNext } from "./next-server";
import { seedHistoryInPage } from "../test-support/seed-history";
const KEY = "sk-bench-key-0123456789";
const fake = await startFakeProcess(KEY);
const next = await startNext({ IMAGE_API_BASE_URL: fake.url, IMAGE_API_KEY: KEY, IMAGE_MODELS: "bench-1kb", IMAGE_API_DEMO: "on", PLAYGROUND_HISTORY_MAX_RUNS: "20000" });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await recordLongTasks(page);
  await page.goto(next.url);
  await page.getByText("Every run you make is kept here").waitFor();
  await page.evaluate(seedHistoryInPage, { count: 10000, newestAt: Date.now() - 60000, spacingMs: 60000, models: ["a", "b", "c"], ratios: ["1:1"] });
  await page.reload();
  await page.locator('[aria-label="Saved runs"][aria-busy="false"]').waitFor({ timeout: 120000 });
  await page.waitForTimeout(500);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  const t0 = await page.evaluate(() => performance.now());
  await cdp.send("Profiler.start");
  await page.getByTestId("history-scroller").evaluate(async (scroller) => {
    while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
      scroller.scrollTop += scroller.clientHeight;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[]; samples: number[]; timeDeltas: number[] } };
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    if (!node) return;
    const key = `${node.callFrame.functionName || "(anon)"} ${node.callFrame.url.split("/").pop()}:${node.callFrame.lineNumber}:${(node.callFrame as { columnNumber?: number }).columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join("\n"));
  console.log(await page.evaluate((from) => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter((t) => t.start > from).map((t) => Math.round(t.duration)), t0));
} finally {
  await browser.close();
  await next.stop();
  await fake.stop();
}
