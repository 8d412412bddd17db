import { describe, expect, it } from "vitest";
import { announcedOperation, detectJob, jobOfAnswer } from "./job-status";
import { pollPaceMs, POLL_EVERY_MS } from "./retry-after";

const SERVICE = "https://images.example/v1/images/generations";
const exchange = (status: number, headers: { location?: string; operationLocation?: string } = {}) => ({
  status,
  url: SERVICE,
  location: headers.location ?? "",
  operationLocation: headers.operationLocation ?? "",
});

describe("an operation announced in headers", () => {
  it("is where 202 or 201 says to ask, resolved against the service, Operation-Location first", () => {
    expect(announcedOperation(exchange(202, { operationLocation: "/v1/operations/7" }))).toBe("https://images.example/v1/operations/7");
    expect(announcedOperation(exchange(201, { location: "jobs/7?x=1" }))).toBe("https://images.example/v1/images/jobs/7?x=1");
    expect(announcedOperation(exchange(202, { location: "https://images.example/a", operationLocation: "https://images.example/b" }))).toBe(
      "https://images.example/b",
    );
  });

  it("is nothing for other statuses, other schemes or no header", () => {
    expect(announcedOperation(exchange(200, { location: "/v1/operations/7" }))).toBeNull();
    expect(announcedOperation(exchange(303, { location: "/v1/operations/7" }))).toBeNull();
    expect(announcedOperation(exchange(202, { operationLocation: "file:///etc/passwd" }))).toBeNull();
    expect(announcedOperation(exchange(202, { operationLocation: "javascript:alert(1)", location: "/ok" }))).toBe(
      "https://images.example/ok",
    );
    expect(announcedOperation(exchange(202))).toBeNull();
  });

  it("makes a job of an empty 202, and lends its URL to a body that has a state but no URL", () => {
    expect(jobOfAnswer({ kind: "empty" }, exchange(202, { operationLocation: "/op/1" }))).toEqual({
      id: null,
      state: null,
      phase: "waiting",
      pollingUrl: "https://images.example/op/1",
    });
    expect(jobOfAnswer({ kind: "json", value: { id: "r1", status: "starting" } }, exchange(202, { location: "/op/2" }))).toEqual({
      id: "r1",
      state: "starting",
      phase: "waiting",
      pollingUrl: "https://images.example/op/2",
    });
    // A body's own polling URL wins over a header.
    const own = { status: "queued", polling_url: "https://images.example/jobs/9" };
    expect(jobOfAnswer({ kind: "json", value: own }, exchange(202, { location: "/op/3" }))?.pollingUrl).toBe(
      "https://images.example/jobs/9",
    );
    expect(jobOfAnswer({ kind: "empty" }, exchange(200, { location: "/op/4" }))).toBeNull();
  });

  it("reads the status words of common long-running APIs", () => {
    const phases = (words: string[]) => words.map((status) => detectJob({ status })?.phase);
    expect(phases(["notStarted", "running", "succeeded", "failed"])).toEqual(["waiting", "waiting", "done", "failed"]);
    expect(phases(["starting", "processing", "succeeded", "canceled"])).toEqual(["waiting", "waiting", "done", "failed"]);
    expect(phases(["IN_QUEUE", "IN_PROGRESS", "COMPLETED"])).toEqual(["waiting", "waiting", "done"]);
    expect(phases(["Pending", "Ready", "Error"])).toEqual(["waiting", "done", "failed"]);
  });
});

describe("the pace of polling", () => {
  it("follows Retry-After in seconds or as a date, within half a second and a minute", () => {
    const now = Date.parse("2026-11-26T12:00:00Z");
    expect(pollPaceMs("1", now)).toBe(1000);
    expect(pollPaceMs("0", now)).toBe(500);
    expect(pollPaceMs("3600", now)).toBe(60_000);
    expect(pollPaceMs("Thu, 26 Nov 2026 12:00:05 GMT", now)).toBe(5000);
    expect(pollPaceMs("soon", now)).toBe(POLL_EVERY_MS);
    expect(pollPaceMs(undefined, now)).toBe(POLL_EVERY_MS);
  });
});
