// `npm run playground`: install if needed, build if the sources changed since the last build,
// then serve the production build. With nothing configured it runs on the embedded demo service.
import { execSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

process.env.NEXT_TELEMETRY_DISABLED = "1";
execSync("node scripts/ensure-dependencies.mjs", { stdio: "inherit" });

function newestChange(paths) {
  let newest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stats = statSync(path);
    if (stats.isDirectory()) newest = Math.max(newest, newestChange(readdirSync(path).map((name) => join(path, name))));
    else newest = Math.max(newest, stats.mtimeMs);
  }
  return newest;
}

const buildId = ".next/BUILD_ID";
const sources = ["app", "components", "lib", "public", "instrumentation.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"];
if (!existsSync(buildId) || statSync(buildId).mtimeMs < newestChange(sources)) {
  console.log("Building the playground (next build)…");
  execSync("node node_modules/next/dist/bin/next build", { stdio: "inherit" });
}

const port = process.env.PORT || "3000";
console.log(`Starting the playground on http://localhost:${port}`);
const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "--port", port], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
