import { describe, expect, it } from "vitest";
import type { RunOutcome, ServiceExchange } from "@/lib/answer/run-outcome";
import { PNG_BASE64 } from "@/test-support/sample-images";
import { CHECK_FAILURES_IN_A_ROW, followBatchJob, type JobFollowing } from "./follow-batch-job";

const POLLING_URL = "http://127.0.0.1:9/v1/jobs/j1";

function answer(body: unknown, options: { status?: number; retryAfter?: string; granted?: boolean } = {}): RunOutcome {
  const exchange: ServiceExchange = {
    requestId: "r1",
    status: options.status ?? 200,
    statusText: "",
    contentType: "application/json",
    url: "http://127.0.0.1:9/v1/images/generations",
    urlsTried: [],
    keyHint: "",
    headersMs: 5,
    totalMs: 10,
    serviceRequestId: "",
    retryAfter: options.retryAfter ?? "",
    location: "",
    ...(options.granted === false ? {} : { pollGrants: { [POLLING_URL]: "grant" } }),
    bytes: new TextEncoder().encode(JSON.stringify(body)),
  };
  return { kind: "service", exchange };
}

/** The service's receipt: a job queued, its polling URL, and a fast pace so the test does not wait. */
const receipt = answer({ id: "j1", status: "queued", polling_url: POLLING_URL }, { status: 202, retryAfter: "0" });
const processing = answer({ id: "j1", status: "processing" }, { retryAfter: "0" });
const picture = answer({ id: "j1", status: "succeeded", data: [{ b64_json: PNG_BASE64 }] });

/** A follower whose checks answer in turn from `answers` (the last one again once they run out). */
function following(answers: RunOutcome[], overrides: Partial<JobFollowing> = {}) {
  const checked: string[] = [];
  let holds = 0;
  const spec: JobFollowing = {
    check: async (url) => {
      checked.push(url);
      return answers[Math.min(checked.length, answers.length) - 1] ?? processing;
    },
    hold: async () => {
      holds += 1;
      return "held";
    },
    stopping: new AbortController().signal,
    ...overrides,
  };
  return { spec, checked, holds: () => holds };
}

describe("followBatchJob", () => {
  it("follows a job to its picture, holding the row before every check", async () => {
    const follower = following([processing, processing, picture]);
    const followed = await followBatchJob(receipt, follower.spec);
    expect(followed).toMatchObject({ checks: 3, ended: "the image arrived", givenUp: null });
    expect(followed.outcome).toBe(picture);
    expect(follower.checked).toEqual([POLLING_URL, POLLING_URL, POLLING_URL]);
    // Held before each wait and again before each check.
    expect(follower.holds()).toBe(6);
  });

  it("leaves an answer that is not a job (or a job it may not fetch) as it is, with no check", async () => {
    const notGranted = answer({ id: "j1", status: "queued", polling_url: POLLING_URL }, { status: 202, granted: false });
    for (const first of [picture, notGranted, answer({ error: "no" }, { status: 400 })]) {
      const follower = following([picture]);
      const followed = await followBatchJob(first, follower.spec);
      expect(followed).toEqual({ outcome: first, checks: 0, ended: null, givenUp: null });
      expect(follower.checked).toEqual([]);
    }
  });

  it("ends on a failed job with its answer, the way the page ends", async () => {
    const failed = answer({ id: "j1", status: "failed", error: "The model crashed while painting." });
    const followed = await followBatchJob(receipt, following([processing, failed]).spec);
    expect(followed).toMatchObject({ checks: 2, ended: "the job failed", givenUp: null, outcome: failed });
  });

  it("rides out failed checks (a 503, the network) and gives up after too many in a row, keeping the last real answer", async () => {
    const busy = answer({ error: "busy" }, { status: 503, retryAfter: "0" });
    const unreachable: RunOutcome = { kind: "failed", message: "The service could not be reached.", totalMs: 5 };
    const recovered = await followBatchJob(receipt, following([busy, unreachable, processing, picture]).spec);
    expect(recovered).toMatchObject({ checks: 4, ended: "the image arrived", outcome: picture });

    const down = await followBatchJob(receipt, following([processing, ...Array<RunOutcome>(CHECK_FAILURES_IN_A_ROW).fill(busy)]).spec);
    expect(down.checks).toBe(1 + CHECK_FAILURES_IN_A_ROW);
    expect(down.outcome).toBe(processing);
    expect(down.ended).toBeNull();
    expect(down.givenUp).toMatch(/3 checks in a row failed \(the last answered 503\); its last answer is kept/);
  });

  it("stops following when the batch is cancelled, the row was taken back, the server stops, or time is up", async () => {
    const cancelled = await followBatchJob(receipt, following([processing], { hold: async () => "cancelled" }).spec);
    expect(cancelled).toMatchObject({ checks: 0, outcome: receipt });
    expect(cancelled.givenUp).toMatch(/the batch was cancelled/);

    const lost = await followBatchJob(receipt, following([processing], { hold: async () => "lost" }).spec);
    expect(lost.givenUp).toMatch(/the row was taken back/);

    const stop = new AbortController();
    const slowReceipt = answer({ id: "j1", status: "queued", polling_url: POLLING_URL }, { status: 202, retryAfter: "30" });
    const started = Date.now();
    const stopping = followBatchJob(slowReceipt, following([processing], { stopping: stop.signal }).spec);
    setTimeout(() => stop.abort(), 50);
    const stopped = await stopping;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(stopped.givenUp).toMatch(/the server stopped/);

    const overTime = await followBatchJob(receipt, following([processing], { forAtMostMs: 1200 }).spec);
    expect(overTime.checks).toBeGreaterThan(0);
    expect(overTime.outcome).toBe(processing);
    expect(overTime.givenUp).toMatch(/had no image after/);
  });
});
