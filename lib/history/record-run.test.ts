import { describe, expect, it } from "vitest";
import { encodePng } from "@/lib/node/png-encoder";
import type { RunOutcome, ServiceExchange } from "@/lib/answer/run-outcome";
import { PNG_BASE64 } from "@/test-support/sample-images";
import { analyseAnswer } from "./analyse-answer";
import { recordRun, type RecordingTools } from "./record-run";
import { restoreOutcome } from "./restore-run";

let seed = 7;
const noisyPng = encodePng(
  48,
  48,
  Uint8Array.from({ length: 48 * 48 * 3 }, () => (seed = (seed * 1103515245 + 12345) % 2147483648) >> 23),
);
const request = { model: "m", prompt: "a fox", aspect_ratio: "1:1" };
const tools: RecordingTools = {
  analyse: (bytes: Uint8Array<ArrayBuffer>, contentType: string) => analyseAnswer(bytes, contentType),
  readRemoteImage: async (url) => (url.includes("cors-ok") ? new Blob([Buffer.from(PNG_BASE64, "base64")], { type: "image/png" }) : null),
  makeThumbnail: async (image) => new Blob([`thumb of ${image.size} bytes`], { type: "image/webp" }),
};

function serviceOutcome(body: string, status = 200): RunOutcome {
  const exchange: ServiceExchange = {
    requestId: "r1",
    status,
    statusText: status === 200 ? "OK" : "",
    contentType: "application/json",
    url: "http://127.0.0.1:9/v1/images/generations",
    urlsTried: [],
    keyHint: "",
    headersMs: 5,
    totalMs: 123.4,
    serviceRequestId: "",
    retryAfter: "",
    location: "",
    bytes: new TextEncoder().encode(body),
  };
  return { kind: "service", exchange };
}

const record = (outcome: RunOutcome) => recordRun({ id: "id1", createdAt: 1000, request, outcome }, tools);

describe("recordRun / restoreOutcome", () => {
  it("stores base64 images as bytes and restores the answer byte for byte", async () => {
    const body = `{"data":[{"b64_json":"${noisyPng.toString("base64")}"}]}`;
    const run = await record(serviceOutcome(body));
    expect(run).toMatchObject({
      status: "succeeded",
      statusText: "200 OK",
      imageCount: 1,
      durationMs: 123,
      warnings: [],
      thumbnailUrl: null,
    });
    expect(run.outcome.kind === "service" && run.outcome.packed.map((image) => image.blob.size)).toEqual([noisyPng.length]);
    expect(run.sizeBytes).toBeLessThan(body.length);
    expect(await run.thumbnail?.text()).toBe(`thumb of ${noisyPng.length} bytes`);
    const { outcome } = await restoreOutcome(run);
    expect(outcome.kind === "service" && new TextDecoder().decode(outcome.exchange.bytes)).toBe(body);
  });

  it("keeps the bytes of remote images the browser may read and warns about the rest", async () => {
    const body = JSON.stringify({ images: [{ url: "https://cdn.example/cors-ok/a.png" }, { url: "https://cdn.example/closed/b.png" }] });
    const run = await record(serviceOutcome(body));
    expect(run.outcome.kind === "service" && run.outcome.remote.map((image) => image.url)).toEqual(["https://cdn.example/cors-ok/a.png"]);
    expect(run.warnings).toEqual([expect.stringMatching(/^1 image is kept only as a link/)]);
    const { savedImages } = await restoreOutcome(run);
    expect([...savedImages.keys()]).toEqual(["https://cdn.example/cors-ok/a.png"]);
    expect(savedImages.get("https://cdn.example/cors-ok/a.png")?.mime).toBe("image/png");
  });

  it("uses the remote URL as the thumbnail when its bytes could not be read", async () => {
    const run = await record(serviceOutcome(JSON.stringify({ url: "https://cdn.example/closed/only.png" })));
    expect(run).toMatchObject({ thumbnail: null, thumbnailUrl: "https://cdn.example/closed/only.png" });
  });

  it("names service errors, jobs and answers without images", async () => {
    expect((await record(serviceOutcome(`{"error":"bad"}`, 400))).status).toBe("service-error");
    expect((await record(serviceOutcome(`{"id":"j1","status":"processing"}`))).status).toBe("job");
    expect((await record(serviceOutcome(`{"ok":true}`))).status).toBe("no-image");
  });

  it("keeps refusals, failures and cancellations as they were", async () => {
    const problem: RunOutcome = { kind: "problem", problem: { type: "t", title: "Too many" }, status: 429, url: "", totalMs: 3 };
    const run = await record(problem);
    expect(run).toMatchObject({ status: "refused", statusText: "429", imageCount: 0, thumbnail: null });
    expect((await restoreOutcome(run)).outcome).toEqual(problem);
    expect((await record({ kind: "cancelled", totalMs: 50 })).status).toBe("cancelled");
  });
});
