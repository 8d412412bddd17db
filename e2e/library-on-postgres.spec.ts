import type { Page } from "@playwright/test";
import { startPostgres, type PostgresServer } from "../test-support/postgres-server";
import { expect, test } from "./fixtures";
import { fillForm, openPlayground } from "./helpers";
import { startInstance, type Instance } from "./instances";
import { E2E } from "./servers";

/**
 * Two playground instances on one PostgreSQL server, as behind a load balancer: one person's two
 * devices, each reaching another instance, stay in step through the one library.
 */

test.describe.configure({ mode: "serial", timeout: 90_000 });

let postgres: PostgresServer;
let first: Instance;
let second: Instance;
const items = (page: Page) => page.getByTestId("history-item");

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startPostgres();
  const env = { DATABASE_URL: postgres.url, PLAYGROUND_LIBRARY: "on", PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000" };
  [first, second] = await Promise.all([
    startInstance("library-first", E2E.libraryFirstPort, env),
    startInstance("library-second", E2E.librarySecondPort, env),
  ]);
});

test.afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  postgres?.stop();
});

test("a run made through one instance reaches the person's device on the other within 2 s, and a star comes back", async ({ browser }) => {
  const laptop = await (await browser.newContext()).newPage();
  const desktop = await (await browser.newContext()).newPage();
  for (const [page, instance] of [
    [laptop, first],
    [desktop, second],
  ] as const) {
    await openPlayground(page, instance.url);
    await expect(page.getByTestId("library-status")).toHaveAttribute("data-state", "synced", { timeout: 30_000 });
  }
  await fillForm(laptop, { model: "demo-geometric", prompt: "a snow owl over two instances", ratio: "1:1" });
  await laptop.getByRole("button", { name: "Generate" }).click();
  await expect(items(laptop).first().getByTestId("history-prompt")).toHaveText("a snow owl over two instances");
  await expect(items(desktop).first().getByTestId("history-prompt")).toHaveText("a snow owl over two instances", { timeout: 2000 });
  await items(desktop).first().getByRole("button", { name: "Star run" }).click();
  await expect(items(laptop).first().getByRole("button", { name: "Unstar run" })).toBeVisible({ timeout: 2000 });
  await laptop.context().close();
  await desktop.context().close();
});
