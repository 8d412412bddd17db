import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, openPlayground, waitForPlayground } from "./helpers";
import { E2E } from "./servers";

async function generate(page: Page, prompt: string): Promise<void> {
  await fillForm(page, { model: "demo-geometric", prompt, ratio: "1:1" });
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("history-item").filter({ hasText: prompt })).toHaveCount(1);
  await expect(page.getByRole("radiogroup", { name: "Rating" })).toBeVisible();
}

const historyRun = (page: Page, prompt: string) => page.getByTestId("history-item").filter({ hasText: prompt });
const star = (scope: Locator | Page, stars: number) => scope.getByRole("radio", { name: stars === 1 ? "1 star" : `${stars} stars` });

test("rate a run with the keyboard, reload: the rating, pick and note are kept, the filters and sort find them, and compare shows them", async ({
  page,
}, testInfo) => {
  await openPlayground(page, E2E.demoUrl);
  await generate(page, "a lighthouse in fog");
  await generate(page, "a lighthouse at dawn");

  // Keys 1–5 and P while the shown run's result has focus; a note typed beside them.
  await page.getByRole("button", { name: "Share result" }).focus();
  await page.keyboard.press("4");
  await expect(star(page, 4)).toBeChecked();
  await page.keyboard.press("p");
  await expect(page.getByRole("button", { name: "Pick", exact: false }).first()).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Note").fill("warmest light");
  await page.getByLabel("Note").press("Enter");
  // The other run, rated from its history row.
  await historyRun(page, "a lighthouse in fog")
    .getByRole("button", { name: /a lighthouse in fog/ })
    .focus();
  await page.keyboard.press("2");
  await expect(historyRun(page, "a lighthouse in fog").getByTestId("verdict-rating")).toHaveAttribute("aria-label", "Rated 2 stars");
  await page.keyboard.press("0");
  await expect(historyRun(page, "a lighthouse in fog").getByTestId("verdict-rating")).toHaveCount(0);
  await page.keyboard.press("5");
  await keepScreenshot(page, testInfo, "rated-run");

  await page.reload();
  await waitForPlayground(page);
  await expect(historyRun(page, "a lighthouse at dawn").getByTestId("verdict-rating")).toHaveAttribute("aria-label", "Rated 4 stars");
  await expect(historyRun(page, "a lighthouse at dawn").getByTestId("verdict-pick")).toBeVisible();
  await expect(historyRun(page, "a lighthouse in fog").getByTestId("verdict-rating")).toHaveAttribute("aria-label", "Rated 5 stars");

  await page.getByLabel("Filter by rating").selectOption({ label: "5 stars" });
  await expect(page.getByTestId("history-item")).toHaveCount(1);
  await expect(page.getByTestId("history-item")).toContainText("a lighthouse in fog");
  await page.getByLabel("Filter by rating").selectOption({ label: "4 stars or more" });
  await expect(page.getByTestId("history-item")).toHaveCount(2);
  await page.getByLabel("Filter by rating").selectOption({ label: "Any rating" });
  await page.getByLabel("Picks only").check();
  await expect(page.getByTestId("history-item")).toHaveCount(1);
  await expect(page.getByTestId("history-item")).toContainText("a lighthouse at dawn");
  await page.getByLabel("Picks only").uncheck();
  await expect(page.getByTestId("history-item")).toHaveCount(2);
  // Newest first, the run at dawn leads; best rated first, the run in fog.
  await expect(page.getByTestId("history-prompt").first()).toHaveText("a lighthouse at dawn");
  await page.getByLabel("Sort history").selectOption("rating");
  await expect(page.getByTestId("history-prompt").first()).toHaveText("a lighthouse in fog");

  // Opened again, the run shows its verdict.
  await historyRun(page, "a lighthouse at dawn")
    .getByRole("button", { name: /a lighthouse at dawn/ })
    .click();
  await expect(star(page, 4)).toBeChecked();
  await expect(page.getByLabel("Note")).toHaveValue("warmest light");

  await page.getByRole("checkbox", { name: "Select run: a lighthouse at dawn" }).check();
  await page.getByRole("checkbox", { name: "Select run: a lighthouse in fog" }).check();
  await page.getByRole("button", { name: "Compare (2)" }).click();
  const verdicts = page.getByRole("dialog", { name: "Compare runs" }).getByTestId("compare-verdict");
  await expect(verdicts).toHaveText(["5 stars", "4 stars · Pick“warmest light”"]);
});

test("a 2 × 2 grid: each cell rated with its keys, the best-rated cell of each row marked, and the grid's history entry shows the best rating and the picks", async ({
  page,
}, testInfo) => {
  await openPlayground(page, E2E.demoUrl);
  await page.getByRole("tab", { name: "Grid" }).click();
  await page.getByLabel("Prompt variants").fill("a {red|blue} kite");
  await page.getByLabel("Models", { exact: true }).fill("demo-geometric, demo-pixel");
  await page.getByLabel("Aspect ratios", { exact: true }).fill("1:1");
  await page.getByRole("button", { name: "Run grid" }).click();
  await expect(page.getByTestId("grid-progress")).toContainText("4 done", { timeout: 20_000 });
  const cells = page.getByTestId("grid-cell");
  // Rows are prompts: in each row, the second model's cell is rated higher in the first row, lower in the second.
  const ratings = [3, 5, 4, 2];
  for (const [index, rating] of ratings.entries()) {
    const cell = cells.nth(index);
    await expect(cell.getByRole("radiogroup", { name: "Rating" })).toBeVisible();
    await cell.getByRole("button", { name: /^Open / }).focus();
    await page.keyboard.press(String(rating));
    await expect(star(cell, rating)).toBeChecked();
  }
  await cells
    .nth(2)
    .getByRole("button", { name: /^Open / })
    .focus();
  await page.keyboard.press("p");
  await expect(page.getByTestId("grid-cell-best")).toHaveCount(2);
  const best = await cells.evaluateAll((elements) => elements.map((element) => element.getAttribute("data-best") === "true"));
  expect(best).toEqual([false, true, true, false]);
  await keepScreenshot(page, testInfo, "rated-grid");
  await expect(page.getByTestId("history-grid").getByText("best ★★★★★")).toBeVisible();
  await expect(page.getByTestId("history-grid").getByText("1 pick")).toBeVisible();
});

test("review mode over a 2 × 2 grid: each cell rated with keys, the strip shows the ratings, Esc leaves, and history reviews what its filters show", async ({
  page,
}, testInfo) => {
  await openPlayground(page, E2E.demoUrl);
  await page.getByRole("tab", { name: "Grid" }).click();
  await page.getByLabel("Prompt variants").fill("a {green|grey} heron");
  await page.getByLabel("Models", { exact: true }).fill("demo-watercolor, demo-pixel");
  await page.getByLabel("Aspect ratios", { exact: true }).fill("3:2");
  await page.getByRole("button", { name: "Run grid" }).click();
  await expect(page.getByTestId("grid-progress")).toContainText("4 done", { timeout: 20_000 });
  await expect(page.getByTestId("grid-cell").getByRole("radiogroup", { name: "Rating" })).toHaveCount(4);

  await page.getByRole("button", { name: "Review", exact: true }).first().click();
  const review = page.getByRole("dialog", { name: "Review: grid" });
  await expect(review).toBeVisible();
  for (const [index, rating] of [2, 5, 3, 4].entries()) {
    await expect(review.getByTestId("review-position")).toHaveText(`${index + 1} of 4`);
    const image = review.getByTestId("review-image");
    await expect(image).toHaveJSProperty("complete", true);
    expect(await image.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight])).toEqual([1024, 683]);
    await page.keyboard.press(String(rating));
    await expect(star(review, rating)).toBeChecked();
    if (index === 1) await page.keyboard.press("p");
    if (index < 3) await page.keyboard.press("ArrowRight");
  }
  await page.keyboard.press("n");
  await expect(review.getByLabel("Note")).toBeFocused();
  await page.keyboard.type("grey one is moodier");
  await page.keyboard.press("Enter");
  await expect(review.getByTestId("review-strip-rating")).toHaveText(["★★", "★★★★★ ✓", "★★★", "★★★★"]);
  await keepScreenshot(page, testInfo, "review-grid");
  await review.getByLabel("Note").blur();
  await page.keyboard.press("Escape");
  await expect(review).toHaveCount(0);
  const cellRatings = await page
    .getByTestId("grid-cell")
    .getByTestId("rating")
    .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-rating")));
  expect(cellRatings).toEqual(["2", "5", "3", "4"]);

  // From history: what the filters show, here the runs rated 4 stars or more.
  await page.getByLabel("Filter by rating").selectOption({ label: "4 stars or more" });
  await page.getByRole("button", { name: "Review", exact: true }).last().click();
  const filtered = page.getByRole("dialog", { name: "Review: filtered history" });
  await expect(filtered.getByTestId("review-position")).toHaveText("1 of 2");
  await expect(filtered.getByTestId("review-image")).toHaveJSProperty("complete", true);
  await page.keyboard.press("Escape");
  await expect(filtered).toHaveCount(0);
});

test("a blind arena of two demo models over three prompts: names revealed only after each vote, standings count the votes, and the session survives a reload", async ({
  page,
}, testInfo) => {
  await openPlayground(page, E2E.demoUrl);
  await page.getByRole("tab", { name: "Arena" }).click();
  const form = page.getByRole("form", { name: "Arena" });
  await form.getByLabel("Models").fill("demo-geometric, demo-watercolor");
  await form.getByLabel("Prompts").fill("a quiet harbour");
  await expect(page.getByTestId("arena-count")).toHaveText("1 pair to judge (2 requests)");
  await form.getByLabel("Prompts").fill("a {red|blue} balloon\na quiet harbour");
  await form.getByLabel("Aspect ratio").fill("4:3");
  await expect(page.getByTestId("arena-count")).toHaveText("3 pairs to judge (6 requests)");
  await form.getByRole("button", { name: "Start" }).click();

  const stage = page.getByTestId("arena-stage");
  const tally = new Map<string, { wins: number; losses: number; ties: number }>([
    ["demo-geometric", { wins: 0, losses: 0, ties: 0 }],
    ["demo-watercolor", { wins: 0, losses: 0, ties: 0 }],
  ]);
  const votes = [
    ["ArrowLeft", "left"],
    ["ArrowRight", "right"],
    ["ArrowDown", "tie"],
  ] as const;
  for (const [position, [key, winner]] of votes.entries()) {
    await expect(stage).toContainText(`Pair ${position + 1} of 3`);
    await expect(page.getByRole("button", { name: "Left is better" })).toBeEnabled({ timeout: 20_000 });
    await expect(stage.getByRole("img")).toHaveCount(2);
    // Blind: the sides are named Left and Right, the models nowhere in the pair.
    await expect(page.getByTestId("arena-left-name")).toHaveText("Left");
    await expect(page.getByTestId("arena-right-name")).toHaveText("Right");
    await expect(stage).not.toContainText("demo-");
    if (position === 0) await keepScreenshot(page, testInfo, "arena-pair");
    await page.keyboard.press(key);
    await expect(page.getByTestId("arena-reveal")).toBeVisible();
    const left = ((await page.getByTestId("arena-left-name").locator(".font-mono").textContent()) ?? "").trim();
    const right = ((await page.getByTestId("arena-right-name").locator(".font-mono").textContent()) ?? "").trim();
    expect([left, right].sort()).toEqual(["demo-geometric", "demo-watercolor"]);
    const leftTally = tally.get(left);
    const rightTally = tally.get(right);
    if (!leftTally || !rightTally) throw new Error("both models revealed");
    if (winner === "tie") {
      leftTally.ties += 1;
      rightTally.ties += 1;
    } else {
      (winner === "left" ? leftTally : rightTally).wins += 1;
      (winner === "left" ? rightTally : leftTally).losses += 1;
    }
    if (position === 0) await keepScreenshot(page, testInfo, "arena-revealed");
    await page.getByRole("button", { name: position < 2 ? "Next pair" : "See the standings" }).click();
  }
  await expect(page.getByText("All 3 pairs are judged")).toBeVisible();

  const standings = page.getByRole("table", { name: "Standings" });
  const expectStandings = async () => {
    for (const [model, counts] of tally) {
      const row = standings.getByRole("row").filter({ has: page.getByRole("rowheader", { name: model }) });
      await expect(row.getByRole("cell")).toHaveText([
        String(counts.wins),
        String(counts.losses),
        String(counts.ties),
        /^\d+ % \(\d+ %–\d+ %\)$/,
        /^\d+\.\d\d$/,
      ]);
    }
  };
  await expectStandings();
  await keepScreenshot(page, testInfo, "arena-standings");

  await page.reload();
  await waitForPlayground(page);
  await page.getByRole("tab", { name: "Arena" }).click();
  await expect(page.getByLabel("Session")).toContainText("3 of 3 voted");
  await expectStandings();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const csv = await (await download).path().then((path) => import("node:fs/promises").then((fs) => fs.readFile(path, "utf8")));
  expect(csv.trim().split("\r\n")).toHaveLength(4);
});
