import { ANSWER_CORPUS } from "../test-support/answer-corpus";
import { expect, test } from "./fixtures";
import { fillForm, openPlayground } from "./helpers";
import { E2E } from "./servers";

/** A sample of the documented answers, replayed by the fake service: the page shows what each holds. */

const SAMPLE = [
  "OpenAI images, b64_json with usage",
  "Gemini, inlineData part beside text",
  "OpenRouter chat completion with image data URIs",
  "Google Imagen on Vertex AI, predictions",
  "midjourney-proxy task, success with url and proxy copy",
  "Replicate prediction, starting (output null)",
  "DashScope text-to-image task submitted",
  "Black Forest Labs result, moderated",
];

for (const name of SAMPLE) {
  test(`renders: ${name}`, async ({ page }) => {
    const index = ANSWER_CORPUS.findIndex((entry) => entry.name === name);
    const entry = ANSWER_CORPUS[index];
    if (!entry) throw new Error(`no corpus entry named ${name}`);
    await openPlayground(page, E2E.serviceUrl);
    await fillForm(page, { model: `fake-corpus-${index}`, prompt: `corpus ${index}` });
    await page.getByRole("button", { name: "Generate" }).click();
    await expect(page.getByTestId("run-summary")).toContainText(
      `${entry.images.length} image${entry.images.length === 1 ? "" : "s"} found`,
    );
    await expect(page.getByTestId("image-card")).toHaveCount(entry.images.length);
    for (const paths of entry.images)
      for (const path of paths) await expect(page.getByRole("link", { name: path, exact: true })).toBeVisible();
    // Images carried in the answer itself load; hosted ones (offline here) show as links that did not load.
    const decoded = page.getByTestId("image-size");
    if (entry.note) await expect(decoded).toHaveCount(entry.images.length);
    if (entry.job?.phase === "waiting") await expect(page.getByTestId("job-notice")).toContainText("no image yet");
    if (entry.job?.phase === "failed") await expect(page.getByTestId("job-notice")).toContainText("the job failed");
  });
}
