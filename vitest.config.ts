import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // Next compiles JSX itself (tsconfig says "preserve"); component tests need it compiled here.
  esbuild: { jsx: "automatic" },
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // "server-only" throws outside a React Server bundle; unit and route tests run server code directly.
      "server-only": fileURLToPath(new URL("./test-support/empty-module.ts", import.meta.url)),
    },
  },
  test: {
    // Component tests (.test.tsx) run in a DOM of their own, named at the top of each file.
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "e2e/**"],
    environment: "node",
    globalSetup: ["./vitest.global-setup.ts"],
    testTimeout: 15_000,
    // One file at a time. With two on two cores, a neighbouring file made a linear-time test read
    // quadratic (doubling ratio 5.2–5.7 in all three tries; ≤ 3 alone) in one clean-clone run of four.
    maxWorkers: 1,
    // The linear-time tests collect the heap before each timed round (test-support/time-ratio.ts).
    execArgv: ["--expose-gc"],
    // Server log lines are useful when a test fails, noise when it passes.
    silent: "passed-only",
  },
});
