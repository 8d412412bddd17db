import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

/** Helpers for the processes a benchmark starts: the fake service, and memory readings from /proc. */

export type FakeProcess = { url: string; pid: number; stop: () => Promise<void> };

export async function startFakeProcess(apiKey: string): Promise<FakeProcess> {
  const child: ChildProcess = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "bench/fake-service-process.ts"], {
    env: { ...process.env, FAKE_SERVICE_KEY: apiKey },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => reject(new Error(`the fake service exited (${code})`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
export function treeRssBytes(pid: number): number {
  return sumOverTree(pid, (current) => {
    const status = readFileSync(`/proc/${current}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  });
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time a process and all its descendants have used so far, user and system, in seconds. */
export function treeCpuSeconds(pid: number): number {
  return sumOverTree(pid, (current) => {
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const stat = readFileSync(`/proc/${current}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  });
}

function sumOverTree(pid: number, valueOf: (pid: number) => number): number {
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop();
    if (current === undefined) break;
    try {
      total += valueOf(current);
      for (const task of readdirSync(`/proc/${current}/task`)) {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, "utf8").trim();
        if (children) pending.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // the process ended while we looked
    }
  }
  return total;
}
