import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { join } from "node:path";
import { E2E_LOG_DIR } from "./server-logs";

/**
 * Playground servers a spec starts itself (`next start` on the suite's build), for setups the
 * shared servers cannot give: several instances on one PostgreSQL server. Their output goes to the
 * log folder, so the run's teardown checks it for secrets like every other server's.
 */

export type Instance = { url: string; stop: () => Promise<void> };

export async function startInstance(name: string, port: number, env: Record<string, string>): Promise<Instance> {
  mkdirSync(E2E_LOG_DIR, { recursive: true });
  const log = createWriteStream(join(E2E_LOG_DIR, `${name}.log`));
  const child: ChildProcess = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", IMAGE_API_BASE_URL: "", IMAGE_API_KEY: "", PLAYGROUND_PASSWORD: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
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
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      log.end();
    },
  };
}
