import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { treeCpuSeconds } from "./child-processes";

/** Starts `next start` in its own process on a free loopback port (build first with ensureBuild). */

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const BARE_RELAY_DIR = "bench/bare-relay";
let built = false;
let relayBuilt = false;

/** A fresh build once per benchmark process: figures from a build older than the code would describe other code. */
export function ensureBuild(): void {
  if (built) return;
  built = true;
  console.log("Building the playground (next build)…");
  execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

/** The bench-only bare relay app (bench/bare-relay), built once per benchmark process. */
function ensureBareRelayBuild(): void {
  if (relayBuilt) return;
  relayBuilt = true;
  console.log("Building the bare Next relay (bench/bare-relay)…");
  execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build", BARE_RELAY_DIR], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
}

export type RunningNext = { url: string; process: ChildProcess; output: () => string; stop: () => Promise<void> };

/** `port`: when the server must know its own address beforehand (a sign-in provider's redirect URI). */
export async function startNext(env: Record<string, string>, port?: number): Promise<RunningNext> {
  ensureBuild();
  return startNextIn(".", env, port);
}

/**
 * A bare Next route that relays `target` with `key` and nothing else, at `${url}/api/relay`.
 * Its build picks up the project's own instrumentation.ts and proxy.ts (seen in its .next output):
 * the proxy's host check runs before each relayed request, and the instrumentation opens a share
 * library at start, so the relay gets a data folder of its own rather than the playground's (which
 * the playground under test holds).
 */
export async function startBareRelay(target: string, key: string): Promise<RunningNext> {
  ensureBareRelayBuild();
  const dataDir = mkdtempSync(join(tmpdir(), "playground-bench-relay-"));
  const relay = await startNextIn(BARE_RELAY_DIR, { BARE_RELAY_TARGET: target, BARE_RELAY_KEY: key, PLAYGROUND_DATA_DIR: dataDir });
  return {
    ...relay,
    stop: async () => {
      await relay.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startNextIn(dir: string, env: Record<string, string>, givenPort?: number): Promise<RunningNext> {
  const port = givenPort ?? (await freePort());
  const child = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", dir, "--port", String(port), "--hostname", "127.0.0.1"],
    {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  let ready = false;
  for (let attempt = 0; attempt < 200 && !exited(); attempt++) {
    try {
      await fetch(url, { method: "HEAD" });
      ready = true;
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // A server that stopped or never answered is a failed run, said at once, not a bench left waiting.
  if (!ready) {
    child.kill("SIGKILL");
    throw new Error(`next start ${dir} did not come up:\n${output}`);
  }
  await untilDatabaseOpen(url, exited);
  await untilIdle(child.pid ?? 0, exited);
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (exited()) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * A server's start-up work goes on after it answers: the bare relay has no /api/health, yet its
 * instrumentation creates an embedded database in the background, seconds of CPU that the first
 * figures would otherwise measure, for whichever server they time beside it. Figures are taken
 * once the server's whole process tree has used under a tenth of a core over a second (at most
 * 60 s of waiting, then the figures say what they measured).
 */
async function untilIdle(pid: number, exited: () => boolean): Promise<void> {
  const windowMs = 1000;
  const started = Date.now();
  let before = treeCpuSeconds(pid);
  while (!exited() && Date.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    const now = treeCpuSeconds(pid);
    if (now - before < 0.1) return;
    before = now;
  }
  console.log(`  (server ${pid} still busy after ${Math.round((Date.now() - started) / 1000)} s; measuring anyway)`);
}

/**
 * `next start` answers before the server's database has opened: a fresh embedded database is
 * created in the background (several seconds of CPU and a few hundred MB that are then given
 * back). Figures are taken on a started server, as a load balancer would send it work: once
 * /api/health no longer says "starting". A server without that route (the bare relay) is not waited for.
 */
async function untilDatabaseOpen(url: string, exited: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 600 && !exited(); attempt++) {
    const response = await fetch(`${url}/api/health`).catch(() => null);
    const body = response ? await response.text().catch(() => "") : "";
    if (response && !body.includes('"status":"starting"')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
