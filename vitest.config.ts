import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // "server-only" throws outside a React Server bundle; unit and route tests run server code directly.
      "server-only": fileURLToPath(new URL("./test-support/empty-module.ts", import.meta.url)),
    },
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**"],
    environment: "node",
    globalSetup: ["./vitest.global-setup.ts"],
    testTimeout: 15_000,
    // Server log lines are useful when a test fails, noise when it passes.
    silent: "passed-only",
  },
});
