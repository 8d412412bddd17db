import { describe, expect, it } from "vitest";
import { presentOutcome, withoutCredentials } from "./presented-outcome";
import type { RunOutcome, ServiceExchange } from "./run-outcome";

const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function service(status: number, body: unknown): RunOutcome {
  const exchange: ServiceExchange = {
    requestId: "r",
    status,
    statusText: "",
    contentType: "application/json",
    url: "https://images.example/v1/images/generations",
    urlsTried: [],
    keyHint: "abcd",
    headersMs: 10,
    totalMs: 20,
    serviceRequestId: "",
    retryAfter: "",
    location: "",
    bytes: new TextEncoder().encode(JSON.stringify(body)) as Uint8Array<ArrayBuffer>,
  };
  return { kind: "service", exchange };
}

describe("presentOutcome", () => {
  it("shows the images of a good answer", () => {
    const presented = presentOutcome(service(200, { data: [{ b64_json: PNG_BASE64 }] }));
    expect(presented.kind).toBe("images");
    expect(presented.kind === "images" && presented.images).toHaveLength(1);
  });

  it("puts a refusal in one sentence and keeps the service's words aside", () => {
    expect(presentOutcome(service(400, { error: { message: "Your prompt was flagged by the safety system." } }))).toEqual({
      kind: "failure",
      sentence: "The service declined this prompt under its content policy.",
      detail: "Your prompt was flagged by the safety system.",
    });
    expect(presentOutcome(service(503, "upstream overloaded"))).toMatchObject({
      sentence: "The service failed on its side; trying again may work.",
    });
  });

  it("says so when a good status brings no image, or a job", () => {
    expect(presentOutcome(service(200, { data: [] }))).toMatchObject({ sentence: "The service answered, but its answer holds no image." });
    expect(presentOutcome(service(202, { id: "job-1", status: "queued" }))).toMatchObject({
      sentence: "The service started a job instead of sending an image; follow it in the full playground.",
    });
  });

  it("words the playground's own problems and failures as sentences, never with credentials", () => {
    const problem: RunOutcome = {
      kind: "problem",
      status: 502,
      url: "/api/generate",
      totalMs: 5,
      problem: {
        type: "urn:image-playground:problem:service-unreachable",
        title: "The image service could not be reached",
        status: 502,
        detail: "connection refused at https://user:hunter2@images.example/v1",
      },
    };
    expect(presentOutcome(problem)).toEqual({
      kind: "failure",
      sentence: "The image service could not be reached.",
      detail: "connection refused at https://images.example/v1",
    });
    expect(presentOutcome({ kind: "failed", message: "Failed to fetch", totalMs: 1 })).toMatchObject({ detail: "Failed to fetch" });
    expect(presentOutcome({ kind: "cancelled", totalMs: 1 })).toEqual({ kind: "cancelled" });
  });
});

describe("withoutCredentials", () => {
  it("drops user and password from every URL in a text", () => {
    expect(withoutCredentials("see https://a:b@x.example/p and ftp://u@y.example")).toBe("see https://x.example/p and ftp://y.example");
  });
});
