import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/** Code that can see the key lives in lib/server; the browser's side may never reach into it. */
const noServerCode = {
  patterns: [
    {
      group: ["@/lib/server", "@/lib/server/**", "**/lib/server", "**/lib/server/**"],
      message: "Server code (it can see the key) may not be imported by components or browser code.",
    },
    {
      group: ["@/lib/node/**", "**/lib/node/**"],
      message: "Node-only code cannot run in the browser.",
    },
  ],
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: [
      "components/**/*.{ts,tsx}",
      "lib/browser/**/*.{ts,tsx}",
      "lib/answer/**/*.ts",
      "lib/request/**/*.ts",
      "lib/grid/**/*.ts",
      "lib/history/**/*.ts",
      "lib/utils/**/*.ts",
    ],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", noServerCode] },
  },
  {
    // The dependencies of the playground's own effect hook are checked like useEffect's.
    rules: { "react-hooks/exhaustive-deps": ["warn", { additionalHooks: "(useAbortableEffect)" }] },
  },
  globalIgnores([
    "**/.next/**",
    ".playground-data/**",
    ".e2e-data/**",
    "node_modules/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
  ]),
]);
