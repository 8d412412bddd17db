import { expect, type Page, type TestInfo } from "@playwright/test";
import { PERF_MARKS } from "../lib/browser/perf-marks";
import type { RecordedRequest } from "../test-support/fake-service/fake-image-service";
import { E2E } from "./servers";

export async function fillForm(page: Page, fields: { model?: string; prompt?: string; ratio?: string }): Promise<void> {
  if (fields.model !== undefined) await page.getByLabel("Model", { exact: true }).fill(fields.model);
  if (fields.prompt !== undefined) await page.getByLabel("Prompt", { exact: true }).fill(fields.prompt);
  if (fields.ratio !== undefined) await page.getByLabel("Aspect ratio", { exact: true }).fill(fields.ratio);
}

/** The natural size of the n-th image shown, once it has loaded. */
export async function naturalSize(page: Page, index = 0): Promise<{ width: number; height: number }> {
  const image = page.getByTestId("image-card").nth(index).getByRole("img");
  await expect(image).toHaveJSProperty("complete", true);
  return image.evaluate((element: HTMLImageElement) => ({ width: element.naturalWidth, height: element.naturalHeight }));
}

/** What the fake service has received so far, read over HTTP (it runs in the runner's process). */
export async function fakeRequests(): Promise<RecordedRequest[]> {
  const response = await fetch(`${E2E.fakeUrl}/__requests`);
  return (await response.json()) as RecordedRequest[];
}

/** A screenshot of a main state, kept with the test's artifacts. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** Waits until the playground has hydrated, so typing is never lost to a re-render. */
export async function waitForPlayground(page: Page): Promise<void> {
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PERF_MARKS.interactive);
}

export async function openPlayground(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForPlayground(page);
}
