import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { keepScreenshot } from "./helpers";

/**
 * axe-core's WCAG 2.x A/AA and best-practice rules on every main state of the page, in both colour
 * schemes: zero violations, no rule turned off.
 */
const RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

export async function expectNoViolations(page: Page, testInfo: TestInfo, state: string): Promise<void> {
  // Colour transitions and fades settle before the colours are measured.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).withTags(RULES).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ")}`).join("\n"),
  );
  if (found.length > 0) await keepScreenshot(page, testInfo, `axe-${state}`);
  expect(found, `accessibility violations: ${state}`).toEqual([]);
}
