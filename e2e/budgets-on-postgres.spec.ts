import { startPostgres, type PostgresServer } from "../test-support/postgres-server";
import { expect, test } from "./fixtures";
import { fakeRequests } from "./helpers";
import { startInstance, type Instance } from "./instances";
import { E2E } from "./servers";

/** Two instances on one PostgreSQL server draw from one budget, atomically. */

test.describe.configure({ mode: "serial", timeout: 120_000 });

let postgres: PostgresServer;
let first: Instance;
let second: Instance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startPostgres();
  const env = {
    DATABASE_URL: postgres.url,
    IMAGE_API_BASE_URL: E2E.fakeUrl,
    IMAGE_API_KEY: E2E.fakeKey,
    IMAGE_API_BASE_FORM: "api",
    PLAYGROUND_BUDGET_IMAGES_PER_DAY: "10",
    PLAYGROUND_RATE_LIMIT_PER_MINUTE: "100000",
    PLAYGROUND_MAX_IN_FLIGHT: "200",
  };
  [first, second] = await Promise.all([
    startInstance("budget-first", E2E.budgetFirstPort, env),
    startInstance("budget-second", E2E.budgetSecondPort, env),
  ]);
});

test.afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  postgres?.stop();
});

test("100 generations at once, split across two instances, against 10 images left: exactly 10 reach the service", async () => {
  const prompt = `two instances, one budget ${Date.now()}`;
  const responses = await Promise.all(
    Array.from({ length: 100 }, (_, index) => {
      const instance = index % 2 === 0 ? first : second;
      return fetch(`${instance.url}/api/generate`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: instance.url, "sec-fetch-site": "same-origin" },
        body: JSON.stringify({ model: "fake-b64", prompt, aspect_ratio: "1:1" }),
      }).then(async (response) => ({ status: response.status, body: await response.text() }));
    }),
  );
  const statuses = responses.map((response) => response.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(10);
  expect(statuses.filter((status) => status === 429)).toHaveLength(90);
  expect(responses.find((response) => response.status === 429)?.body).toContain("budget-used");
  const reached = (await fakeRequests()).filter((request) => request.body.includes(prompt));
  expect(reached).toHaveLength(10);
});
