import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchBrowser } from "./measure-browser";
import { reviewStepTiming } from "./measure-review";
import { startNext } from "./next-server";
import type { ShareRow } from "./share-figures";

/** Review mode's figures, on a playground of its own running the embedded demo service. */
export async function judgingFigures(): Promise<ShareRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "playground-bench-review-"));
  const browser = await launchBrowser();
  const next = await startNext({
    IMAGE_API_BASE_URL: "",
    IMAGE_API_KEY: "",
    IMAGE_MODELS: "",
    DATABASE_URL: "",
    PLAYGROUND_DATA_DIR: dataDir,
    PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000000",
  });
  try {
    const review = await reviewStepTiming(browser, next.url, {
      prompts: "a {red|blue|green|grey} kite over {dunes|a harbour}",
      models: "demo-geometric, demo-watercolor",
      ratios: "1:1",
      cells: 16,
    });
    return [
      {
        key: "review_step_ms",
        what: "review mode over a 16-cell grid (1024² PNGs): → pressed → next image painted, 400 ms looking at each",
        value: review.step,
        unit: "ms",
        target: { op: "<=", value: 50 },
      },
      {
        key: "review_longest_task_ms",
        what: "review mode: longest main-thread task while stepping",
        value: review.longestTask,
        unit: "ms",
      },
    ];
  } finally {
    await next.stop();
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
