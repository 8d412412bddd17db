import { describe, expect, it } from "vitest";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import { runCells, type AttemptResult, type CellProgress } from "./grid-scheduler";
import { retryDelayMs } from "./retry-after";
import { parseRetryAfter } from "@/lib/answer/retry-after";

const done: RunOutcome = { kind: "failed", message: "stand-in for any answer", totalMs: 1 };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function recorder() {
  const events: [number, CellProgress["status"]][] = [];
  return { events, onProgress: (cell: number, progress: CellProgress) => events.push([cell, progress.status]) };
}

describe("runCells", () => {
  it("never runs more than the concurrency at once and finishes every cell", async () => {
    let running = 0;
    let most = 0;
    const { events, onProgress } = recorder();
    await runCells({
      cells: Array.from({ length: 12 }, (_, index) => index),
      concurrency: 4,
      maxRetries: 2,
      signal: new AbortController().signal,
      onProgress,
      attempt: async (cell): Promise<AttemptResult> => {
        running += 1;
        most = Math.max(most, running);
        await wait(5 + ((cell * 7) % 5) * 4);
        running -= 1;
        return { outcome: done, retryAfterMs: null };
      },
    });
    expect(most).toBe(4);
    expect(
      events
        .filter(([, status]) => status === "done")
        .map(([cell]) => cell)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 12 }, (_, index) => index));
  });

  it("reports cells in the order they finish, not the order they started", async () => {
    const { events, onProgress } = recorder();
    const delays = [40, 5, 20];
    await runCells({
      cells: [0, 1, 2],
      concurrency: 3,
      maxRetries: 0,
      signal: new AbortController().signal,
      onProgress,
      attempt: async (cell) => {
        await wait(delays[cell] ?? 0);
        return { outcome: done, retryAfterMs: null };
      },
    });
    expect(events.filter(([, status]) => status === "done").map(([cell]) => cell)).toEqual([1, 2, 0]);
  });

  it("after a 429 holds back new starts for the time asked, then retries, up to the limit", async () => {
    const starts: [number, number][] = [];
    const pauses: (number | null)[] = [];
    const { events, onProgress } = recorder();
    const began = Date.now();
    let refusals = 0;
    await runCells({
      cells: [0, 1, 2],
      concurrency: 1,
      maxRetries: 2,
      signal: new AbortController().signal,
      onProgress,
      onPause: (until) => pauses.push(until),
      attempt: async (cell) => {
        starts.push([cell, Date.now() - began]);
        if (cell === 0 && refusals < 1) {
          refusals += 1;
          return { outcome: done, retryAfterMs: 60 };
        }
        if (cell === 2) return { outcome: done, retryAfterMs: 10 }; // refuses every time
        return { outcome: done, retryAfterMs: null };
      },
    });
    expect(starts.map(([cell]) => cell)).toEqual([0, 0, 1, 2, 2, 2]);
    expect(starts[1]?.[1]).toBeGreaterThanOrEqual(55);
    expect(events.filter(([cell]) => cell === 0).map(([, status]) => status)).toEqual(["queued", "running", "waiting", "running", "done"]);
    expect(events.filter(([cell, status]) => cell === 2 && status === "running")).toHaveLength(3);
    expect(events.at(-1)).toEqual([2, "done"]);
    expect(pauses.filter((until) => until === null).length).toBeGreaterThanOrEqual(1);
  });

  it("cancels: queued cells never start and running ones see the abort", async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const { events, onProgress } = recorder();
    const finished = runCells({
      cells: [0, 1, 2, 3, 4],
      concurrency: 2,
      maxRetries: 0,
      signal: controller.signal,
      onProgress,
      attempt: (cell, signal) => {
        started.push(cell);
        return new Promise((resolve) =>
          signal.addEventListener("abort", () => resolve({ outcome: { kind: "cancelled", totalMs: 1 }, retryAfterMs: null })),
        );
      },
    });
    await wait(10);
    controller.abort();
    await finished;
    expect(started).toEqual([0, 1]);
    expect(
      events
        .filter(([, status]) => status === "cancelled")
        .map(([cell]) => cell)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("retryDelayMs", () => {
  const now = Date.UTC(2026, 0, 1);
  const service = (status: number, retryAfter: string): RunOutcome => ({
    kind: "service",
    exchange: {
      requestId: "",
      status,
      statusText: "",
      contentType: "",
      url: "",
      urlsTried: [],
      keyHint: "",
      headersMs: null,
      totalMs: 1,
      serviceRequestId: "",
      retryAfter,
      location: "",
      bytes: new Uint8Array(0),
    },
  });

  it("waits as long as a 429 from the service or the playground says, within bounds", () => {
    expect(retryDelayMs(service(429, "3"), now)).toBe(3000);
    expect(retryDelayMs(service(429, new Date(now + 7000).toUTCString()), now)).toBe(7000);
    expect(retryDelayMs(service(429, ""), now)).toBe(5000);
    expect(retryDelayMs(service(429, "99999"), now)).toBe(120_000);
    expect(
      retryDelayMs({ kind: "problem", problem: { type: "", title: "", retryAfterSeconds: 2 }, status: 429, url: "", totalMs: 1 }, now),
    ).toBe(2000);
  });

  it("does not retry other answers", () => {
    expect(retryDelayMs(service(500, "3"), now)).toBeNull();
    expect(retryDelayMs({ kind: "problem", problem: { type: "", title: "" }, status: 422, url: "", totalMs: 1 }, now)).toBeNull();
    // A playground that is stopping: the cell fails (and can be rerun) instead of waiting for it.
    const restarting = { type: "urn:image-playground:problem:restarting", title: "The playground is restarting" };
    expect(retryDelayMs({ kind: "problem", problem: restarting, status: 503, url: "", totalMs: 1 }, now)).toBeNull();
    expect(retryDelayMs({ kind: "problem", problem: { type: "", title: "" }, status: 503, url: "", totalMs: 1 }, now)).toBe(5000);
    expect(parseRetryAfter("soon", now)).toBeNull();
  });
});
