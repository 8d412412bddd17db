import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPostgres } from "../test-support/postgres-server";
import { startIdentityProvider } from "../test-support/oidc/identity-provider";
import { PERF_MARKS } from "../lib/browser/perf-marks";
import { launchBrowser } from "./measure-browser";
import { freePort, startNext } from "./next-server";
import type { ShareRow } from "./share-figures";
import { summary } from "./stats";

/** The team's figures: what a budget reservation adds to a generation, and signing in with a provider. */

function budgetCheck(url?: string): { reserve: number[]; settle: number[] } {
  const output = execFileSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "bench/measure-budget-check.ts", ...(url ? [url] : [])],
    {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as { reserve: number[]; settle: number[] };
}

export async function budgetFigures(): Promise<ShareRow[]> {
  const embedded = budgetCheck();
  const postgres = await startPostgres();
  let onPostgres: { reserve: number[]; settle: number[] };
  try {
    onPostgres = budgetCheck(postgres.url);
  } finally {
    postgres.stop();
  }
  const target = { op: "<=" as const, value: 2 };
  return [
    {
      key: "budget_check_ms_p50_embedded",
      what: "budget reservation before a generation, embedded database (500 runs)",
      value: summary(embedded.reserve),
      unit: "ms",
      target,
    },
    {
      key: "budget_check_ms_p50_postgres",
      what: "budget reservation before a generation, PostgreSQL (500 runs)",
      value: summary(onPostgres.reserve),
      unit: "ms",
      target,
    },
    {
      key: "budget_settle_ms_p50_embedded",
      what: "settling it after the answer has left (off the request's path), embedded",
      value: summary(embedded.settle),
      unit: "ms",
    },
    {
      key: "budget_settle_ms_p50_postgres",
      what: "settling it after the answer has left (off the request's path), PostgreSQL",
      value: summary(onPostgres.settle),
      unit: "ms",
    },
  ];
}

const SIGN_INS = 7;

/** Click "Sign in with …" → the playground is interactive, through a real provider's login and consent pages, in fresh browsers. */
export async function oidcSignInFigures(): Promise<ShareRow[]> {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const provider = await startIdentityProvider({
    redirectUris: [`${publicUrl}/api/auth/callback/oidc`],
    people: { ada: { email: "ada@example.com", name: "Ada Lovelace" } },
  });
  const dataDir = mkdtempSync(join(tmpdir(), "playground-bench-oidc-"));
  const next = await startNext(
    {
      PORT: String(port),
      PLAYGROUND_DATA_DIR: dataDir,
      PLAYGROUND_PASSWORD: "",
      PLAYGROUND_OIDC_ISSUER: provider.issuer,
      PLAYGROUND_OIDC_CLIENT_ID: provider.clientId,
      PLAYGROUND_OIDC_CLIENT_SECRET: provider.clientSecret,
      PLAYGROUND_PUBLIC_URL: publicUrl,
      PLAYGROUND_OIDC_NAME: "Bench SSO",
    },
    port,
  );
  const browser = await launchBrowser();
  const times: number[] = [];
  try {
    for (let run = 0; run < SIGN_INS + 1; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${publicUrl}/sign-in`);
      const started = Date.now();
      await page.getByRole("button", { name: "Sign in with Bench SSO" }).click();
      await page.locator('input[name="login"]').fill("ada");
      await page.locator('input[name="password"]').fill("any");
      await page.getByRole("button", { name: "Sign-in" }).click();
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, PERF_MARKS.interactive, { timeout: 30_000 });
      // The first is the server's warm-up (discovery, compiling the page): not counted.
      if (run > 0) times.push(Date.now() - started);
      await context.close();
    }
  } finally {
    await browser.close();
    await next.stop();
    await provider.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return [
    {
      key: "oidc_sign_in_ms",
      what: "click “Sign in with …” → playground interactive, through a real provider's login and consent pages (fresh browser each)",
      value: summary(times),
      unit: "ms",
    },
  ];
}

export async function peopleFigures(): Promise<ShareRow[]> {
  return [...(await budgetFigures()), ...(await oidcSignInFigures())];
}
