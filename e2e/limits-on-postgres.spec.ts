import { startPostgres, type PostgresServer } from "../test-support/postgres-server";
import { expect, test } from "./fixtures";
import { startInstance, type Instance } from "./instances";
import { E2E } from "./servers";

/**
 * Two instances behind one PostgreSQL server enforce one budget: a client alternating between
 * them is limited after the configured count in total, and wrong passwords made through one slow
 * the next answer of the other.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });

let postgres: PostgresServer;
let first: Instance;
let second: Instance;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startPostgres();
  const env = { DATABASE_URL: postgres.url, PLAYGROUND_RATE_LIMIT_PER_MINUTE: "30", PLAYGROUND_PASSWORD: E2E.password };
  [first, second] = await Promise.all([
    startInstance("limits-first", E2E.limitsFirstPort, env),
    startInstance("limits-second", E2E.limitsSecondPort, env),
  ]);
});

test.afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  postgres?.stop();
});

/** Posts the sign-in form; the session cookie when the password was right. */
async function signIn(instance: Instance, password: string): Promise<{ cookie: string | null; location: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${instance.url}/api/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: instance.url, "sec-fetch-site": "same-origin" },
    body: new URLSearchParams({ password }).toString(),
  });
  const setCookie = response.headers.get("set-cookie");
  return {
    cookie: setCookie ? setCookie.split(";")[0]! : null,
    location: response.headers.get("location") ?? "",
    ms: performance.now() - started,
  };
}

test("a client alternating between two instances gets its 429 after 30 generations in total, not 60", async () => {
  const { cookie } = await signIn(first, E2E.password);
  expect(cookie).not.toBeNull();
  const statuses: number[] = [];
  for (let index = 0; index < 32; index++) {
    const instance = index % 2 === 0 ? first : second;
    const response = await fetch(`${instance.url}/api/generate`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: instance.url, "sec-fetch-site": "same-origin", cookie: cookie! },
      body: JSON.stringify({ model: "demo-pixel", prompt: `limit ${index}`, aspect_ratio: "1:1" }),
    });
    await response.body?.cancel();
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
  expect(statuses.slice(30)).toEqual([429, 429]);
});

test("wrong passwords tried through one instance slow the next answer of the other", async () => {
  for (let attempt = 0; attempt < 3; attempt++)
    expect((await signIn(first, `wrong ${attempt}`)).location).toContain("error=wrong-password");
  // Three wrong tries: the next answer waits 1 s, wherever it is asked.
  const fourth = await signIn(second, "wrong again");
  expect(fourth.location).toContain("error=wrong-password");
  expect(fourth.ms).toBeGreaterThanOrEqual(950);
  // The right password still signs in (after the same wait), and clears the record for both.
  expect((await signIn(second, E2E.password)).cookie).not.toBeNull();
  expect((await signIn(first, "wrong after success")).ms).toBeLessThan(900);
});
