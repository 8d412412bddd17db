import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E } from "./e2e/servers";

/**
 * Real Chromium against `next build` + `next start`. Debian's Chromium is used where present
 * (Playwright cannot download browsers everywhere); CHROMIUM_PATH overrides it, and without
 * either Playwright's own Chromium is used.
 */
const chromiumPath = process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

const nextStart = (port: number) => `node node_modules/next/dist/bin/next start --port ${port} --hostname 127.0.0.1`;
const noService = { IMAGE_API_BASE_URL: "", IMAGE_API_KEY: "", IMAGE_MODELS: "", IMAGE_API_BASE_FORM: "", IMAGE_API_DEMO: "" };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
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
    {
      command: nextStart(E2E.demoPort),
      url: E2E.demoUrl,
      env: { ...noService, NEXT_TELEMETRY_DISABLED: "1" },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: nextStart(E2E.servicePort),
      url: E2E.serviceUrl,
      env: {
        ...noService,
        NEXT_TELEMETRY_DISABLED: "1",
        IMAGE_API_BASE_URL: E2E.fakeUrl,
        IMAGE_API_KEY: E2E.fakeKey,
        IMAGE_MODELS: "fake-b64,fake-url,fake-policy,fake-hang",
        IMAGE_API_TIMEOUT_MS: "15000",
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
