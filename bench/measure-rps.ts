import { execFile } from "node:child_process";
import { promisify } from "node:util";

/** Requests per second at a given concurrency, measured by autocannon in a process of its own. */

const run = promisify(execFile);

export type RpsResult = { rps: number; non2xx: number; errors: number; p50Ms: number };

export async function requestsPerSecond(
  url: string,
  body: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<RpsResult> {
  const headerArgs = Object.entries({ "content-type": "application/json", ...headers }).flatMap(([name, value]) => [
    "-H",
    `${name}=${value}`,
  ]);
  const { stdout } = await run(
    process.execPath,
    [
      "node_modules/autocannon/autocannon.js",
      "--json",
      "-c",
      String(connections),
      "-d",
      String(seconds),
      "-m",
      "POST",
      ...headerArgs,
      "-b",
      body,
      url,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as { requests: { average: number }; non2xx: number; errors: number; latency: { p50: number } };
  return { rps: result.requests.average, non2xx: result.non2xx, errors: result.errors, p50Ms: result.latency.p50 };
}
