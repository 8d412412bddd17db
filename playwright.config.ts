import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_LOG_DIR } from "./e2e/server-logs";
import { E2E_TEMPLATE_DATABASE } from "./e2e/embedded-template";
import { E2E, E2E_DATA_DIR } from "./e2e/servers";

/**
 * Real Chromium against `next build` + `next start`. Debian's Chromium is used where present
 * (Playwright cannot download browsers everywhere); CHROMIUM_PATH overrides it, and without
 * either Playwright's own Chromium is used.
 */
const chromiumPath = process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

/**
 * Each server's output is kept in a log file, which the run's teardown checks for secrets. Each
 * keeps its share library in a data folder of its own, emptied at the start of the run, whose
 * database starts as a copy of the run's template when there is one (e2e/embedded-template.ts).
 */
const nextStart = (port: number, name: string) => {
  const dataDir = `${E2E_DATA_DIR}/${name}`;
  const seed = `if [ -d ${E2E_TEMPLATE_DATABASE} ]; then cp -R ${E2E_TEMPLATE_DATABASE} ${dataDir}/; fi`;
  return `mkdir -p ${E2E_LOG_DIR} && rm -rf ${dataDir} && mkdir -p ${dataDir} && ${seed} && PLAYGROUND_DATA_DIR=${dataDir} node node_modules/next/dist/bin/next start --port ${port} --hostname 127.0.0.1 2>&1 | tee ${E2E_LOG_DIR}/${name}.log`;
};

const blank = {
  IMAGE_API_BASE_URL: "",
  DATABASE_URL: "",
  IMAGE_API_KEY: "",
  IMAGE_MODELS: "",
  IMAGE_API_BASE_FORM: "",
  IMAGE_API_DEMO: "",
  PLAYGROUND_PASSWORD: "",
  TRUST_PROXY_HOPS: "",
  IMAGE_EXTRA_FIELDS: "",
  IMAGE_PRICES: "",
  // The shared servers keep runs in each browser: tests of other features share them, and one
  // test's runs must not arrive in another's history. The library's spec starts its own servers.
  PLAYGROUND_LIBRARY: "off",
  NEXT_TELEMETRY_DISABLED: "1",
};
const againstFake = {
  ...blank,
  IMAGE_API_BASE_URL: E2E.fakeUrl,
  IMAGE_API_KEY: E2E.fakeKey,
  IMAGE_MODELS: "fake-b64,fake-url,fake-policy,fake-hang",
  IMAGE_API_TIMEOUT_MS: "15000",
};
const server = (port: number, name: string, env: Record<string, string>) => ({
  command: nextStart(port, name),
  url: `http://127.0.0.1:${port}`,
  env,
  reuseExistingServer: false,
  timeout: 60_000,
});

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // One test at a time: on a 2-core machine the servers under test, Chromium and the runner already
  // share both cores, and with two workers the waits that include a run's own time (a gzip bomb
  // inflated to the cap, a run saved before Share is offered) ran out under that load.
  workers: 1,
  // A test's whole run, as a guard against a hang (each expectation keeps its own wait): the longest
  // ones (presenter, grids) take 10–15 s on an idle 2-core machine and passed 30 s on a loaded one.
  timeout: 60_000,
  reporter: [["list"]],
  outputDir: "test-results",
  globalSetup: "./e2e/global-setup.ts",
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      // Keeps Chromium from calling home on a machine without a network.
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } } }],
  webServer: [
    server(E2E.demoPort, "demo", { ...blank, PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000" }),
    // A small history cap, so that one test can see the oldest runs go.
    server(E2E.servicePort, "service", {
      ...againstFake,
      PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000",
      PLAYGROUND_HISTORY_MAX_RUNS: String(E2E.historyMaxRuns),
    }),
    // Also the one that allows extra request fields (an allow-list), knows prices, and keeps a
    // raised history cap (history at 10,000 runs).
    server(E2E.alongsidePort, "alongside", {
      ...againstFake,
      PLAYGROUND_HISTORY_MAX_RUNS: String(E2E.largeHistoryMaxRuns),
      IMAGE_MODELS: "fake-b64,fake-policy",
      IMAGE_API_DEMO: "on",
      IMAGE_EXTRA_FIELDS: E2E.extraFields,
      IMAGE_PRICES: E2E.prices,
    }),
    server(E2E.securedPort, "secured", {
      ...againstFake,
      PLAYGROUND_PASSWORD: E2E.password,
      PLAYGROUND_RATE_LIMIT_PER_MINUTE: "3",
      IMAGE_API_MAX_ANSWER_BYTES: String(1024 * 1024),
    }),
  ],
});
