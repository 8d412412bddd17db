import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";
import { E2E_LOG_DIR } from "./server-logs";

/**
 * Playground servers a spec starts itself on the suite's build, for setups the shared servers
 * cannot give: several instances on one PostgreSQL server, the production start command's
 * listening address, a stop under way. Their output goes to the log folder, so the run's teardown
 * checks it for secrets like every other server's.
 */

export type Instance = {
  url: string;
  child: ChildProcess;
  /** Everything the server has printed so far. */
  output: () => string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

export type InstanceOptions = {
  /** `npm start` (the production start command, which picks the listening address) instead of `next start` on 127.0.0.1. */
  productionStart?: boolean;
};

export async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  options: InstanceOptions = {},
): Promise<Instance> {
  mkdirSync(E2E_LOG_DIR, { recursive: true });
  const log = createWriteStream(join(E2E_LOG_DIR, `${name}.log`));
  const args = options.productionStart
    ? ["scripts/start-playground.mjs", "--no-build"]
    : ["node_modules/next/dist/bin/next", "start", "--port", String(port), "--hostname", "127.0.0.1"];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      IMAGE_API_BASE_URL: "",
      IMAGE_API_KEY: "",
      PLAYGROUND_PASSWORD: "",
      // Off unless the spec turns it on: a spec about something else gets no library traffic.
      PLAYGROUND_LIBRARY: "off",
      HOST: "",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
    stream?.pipe(log, { end: false });
  }
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The ${name} playground exited with ${child.exitCode}; see its log.`);
    try {
      const response = await fetch(`${url}/icon.svg`);
      await response.body?.cancel();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`The ${name} playground did not start within a minute.`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url,
    child,
    output: () => printed,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      log.end();
    },
  };
}

/**
 * Waits until the instance has opened its database (the embedded one's first start runs its
 * migrations on the server's own thread for a few seconds, during which pages answer slowly): for
 * tests that time what comes after, not the start.
 */
export async function databaseOpened(instance: Instance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/shared runs are kept|sharing is unavailable/.test(instance.output())) {
    if (Date.now() > deadline) throw new Error("The playground did not open its database within a minute; see its log.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
