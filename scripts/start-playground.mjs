// `npm run playground`: install if needed, build if the sources changed since the last build,
// then serve the production build. With nothing configured it runs on the embedded demo service.
// `npm start` (and `npm run playground -- --no-build`) serves the existing build as it is.
import { execSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { networkInterfaces } from "node:os";
import { join } from "node:path";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const buildFirst = !process.argv.includes("--no-build");
if (buildFirst) execSync("node scripts/ensure-dependencies.mjs", { stdio: "inherit" });

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
const sources = [
  "app",
  "components",
  "lib",
  "public",
  "instrumentation.ts",
  "proxy.ts",
  "next.config.ts",
  "package-lock.json",
  "postcss.config.mjs",
];
if (buildFirst && (!existsSync(buildId) || statSync(buildId).mtimeMs < newestChange(sources))) {
  console.log("Building the playground (next build)…");
  execSync("node node_modules/next/dist/bin/next build", { stdio: "inherit" });
}
if (!existsSync(buildId)) {
  console.error("There is no build to serve: run `npm run build` first (or `npm run playground`, which builds).");
  process.exit(1);
}

// The .env files count as much as the environment: a password set there opens the network too.
const { loadEnvConfig } = createRequire(import.meta.url)("@next/env");
loadEnvConfig(process.cwd(), false, { info: () => undefined, error: console.error });

const port = process.env.PORT || "3000";
// Sign-in with the company's provider guards the playground as a password does.
const passwordSet = Boolean(process.env.PLAYGROUND_PASSWORD?.trim() || process.env.PLAYGROUND_OIDC_ISSUER?.trim());
const hostGiven = Boolean(process.env.HOST?.trim());
// Without a password (or a sign-in provider), anyone who reaches the server can spend the key: listen
// on this machine only, unless told otherwise. With one (and no HOST), every interface, as a server would.
const host = hostGiven ? process.env.HOST.trim() : passwordSet ? "0.0.0.0" : "127.0.0.1";

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);
const everyInterface = host === "0.0.0.0" || host === "::";
const shownHost = host.includes(":") ? `[${host}]` : host;

if (everyInterface) {
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && (entry.family === "IPv4" || host === "::"))
    .map((entry) => (entry.family === "IPv6" ? `[${entry.address}]` : entry.address));
  console.log(`Starting the playground on every network interface (${host}), port ${port}: ${addresses.join(", ")}.`);
  console.log(`Open it here at http://localhost:${port}`);
  if (!passwordSet) {
    console.log("No PLAYGROUND_PASSWORD or sign-in provider is set: anyone on these networks can use the playground and spend its key.");
  }
  if (!process.env.PLAYGROUND_ALLOWED_HOSTS?.trim()) {
    console.log(
      "Only requests addressed to localhost, 127.0.0.1 or [::1] are answered (421 otherwise): list the names and addresses people will use in PLAYGROUND_ALLOWED_HOSTS.",
    );
  }
} else {
  console.log(`Starting the playground on ${shownHost} only, port ${port}: http://${LOOPBACK.has(host) ? "localhost" : shownHost}:${port}`);
  if (LOOPBACK.has(host) && !hostGiven) {
    console.log(
      "Only this machine can reach it. To open it to the network, set PLAYGROUND_PASSWORD or a sign-in provider (PLAYGROUND_OIDC_ISSUER, …) first (anyone who reaches it can spend the key), then HOST=0.0.0.0, and list the names people will use in PLAYGROUND_ALLOWED_HOSTS.",
    );
  }
}

const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "--port", port, "--hostname", host], {
  stdio: "inherit",
  // The server stops gracefully on its own (instrumentation.ts): Next's immediate exit stays out.
  env: { ...process.env, NEXT_MANUAL_SIG_HANDLE: "true" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
