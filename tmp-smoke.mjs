import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
await context.grantPermissions(["clipboard-read", "clipboard-write"]);
const page = await context.newPage();
page.on("console", (m) => console.log("console:", m.text()));
await page.goto("http://127.0.0.1:3200/");
await page.getByRole("textbox", { name: "Prompt" }).fill("a lighthouse at dusk over a calm sea");
await page.getByRole("button", { name: "Generate" }).click();
await page.getByRole("button", { name: "Share result" }).waitFor();
await page.waitForFunction(() => !document.querySelector('button[title^="Available once"]'));
await page.getByRole("button", { name: "Share result" }).click();
await page.screenshot({ path: "/tmp/share-dialog-1.png" });
await page.getByRole("dialog").getByRole("button", { name: "Share", exact: true }).click();
const link = await page.getByRole("textbox", { name: "Shared link" }).inputValue();
console.log("link", link);
await page.screenshot({ path: "/tmp/share-dialog-2.png" });
const colleague = await browser.newContext({ viewport: { width: 1366, height: 900 } });
const other = await colleague.newPage();
const response = await other.goto(link);
console.log("status", response.status());
await other
  .getByRole("img")
  .first()
  .waitFor({ timeout: 10000 })
  .catch((e) => console.log("no img", e.message));
await other.waitForTimeout(500);
await other.screenshot({ path: "/tmp/share-page.png", fullPage: true });
await browser.close();
