import { describe, expect, it } from "vitest";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";
import { interpretAnswer } from "@/lib/answer/interpret-answer";
import { SCRUBBED } from "@/lib/server/upstream/scrub-secret";
import { generationsInFlight } from "@/lib/server/limits/in-flight-limit";
import { handleGenerate } from "@/lib/server/generate/generate-handler";
import { configFor, fields, generateRequest, ROUTE_TEST_KEY } from "@/test-support/route-helpers";

/**
 * Answers sent as streams of events are relayed event by event as they arrive (no buffering), with
 * the key scrubbed across chunk boundaries, the same timeouts, and a cancel that reaches the service.
 */

const fake = fakeServiceForSuite();

const config = () => configFor(fake.current.url, { IMAGE_API_TIMEOUT_MS: "10000" });

/** The route's answer as a browser gets it: its body read as it arrives (the timing is the point). */
const generate = (request: Request, settings: ReturnType<typeof configFor>) => handleGenerate(request, settings);

/** Every chunk with the time it arrived, in ms after the call; `failed` when the stream errored. */
async function timedChunks(response: Response): Promise<{ chunks: { at: number; text: string }[]; failed: boolean; endedAt: number }> {
  const started = performance.now();
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const chunks: { at: number; text: string }[] = [];
  try {
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      chunks.push({ at: performance.now() - started, text: decoder.decode(next.value, { stream: true }) });
    }
  } catch {
    return { chunks, failed: true, endedAt: performance.now() - started };
  } finally {
    expect(chunks.map((chunk) => chunk.text).join("")).not.toContain(ROUTE_TEST_KEY);
  }
  return { chunks, failed: false, endedAt: performance.now() - started };
}

const firstChunkWith = (chunks: { at: number; text: string }[], needle: string) => chunks.find((chunk) => chunk.text.includes(needle));

describe("answers sent as event streams", () => {
  it("relays each server-sent event as it arrives, long before the stream ends", async () => {
    const response = await generate(generateRequest(fields("fake-sse")), config());
    expect(response.status).toBe(200);
    expect(response.headers.get(ANSWER_HEADERS.serviceContentType)).toBe("text/event-stream");
    const { chunks, failed, endedAt } = await timedChunks(response);
    expect(failed).toBe(false);
    const firstPartial = firstChunkWith(chunks, "image_generation.partial_image");
    // Events are 1.2 s apart: the first was in hand while two more were still to come.
    expect(firstPartial?.at).toBeLessThan(endedAt - 1000);
    const text = chunks.map((chunk) => chunk.text).join("");
    const answer = interpretAnswer(new TextEncoder().encode(text), "text/event-stream");
    expect(answer.body.kind).toBe("stream");
    expect(answer.images.map((image) => image.paths)).toEqual([["$[2].b64_json"]]);
  });

  it("decodes a gzipped event stream event by event", async () => {
    const response = await generate(generateRequest(fields("fake-sse-gzip")), config());
    expect(response.headers.get(ANSWER_HEADERS.serviceContentEncoding)).toBe("gzip");
    const { chunks, failed, endedAt } = await timedChunks(response);
    expect(failed).toBe(false);
    expect(firstChunkWith(chunks, "partial_image_index")?.at).toBeLessThan(endedAt - 200);
    expect(chunks.map((chunk) => chunk.text).join("")).toContain("image_generation.completed");
  });

  it.each([
    ["fake-ndjson", "application/x-ndjson", '"status":"queued"'],
    ["fake-json-seq", "application/json-seq", '"event":"started"'],
  ])("relays %s (%s) line by line", async (model, type, first) => {
    const response = await generate(generateRequest(fields(model)), config());
    expect(response.headers.get(ANSWER_HEADERS.serviceContentType)).toBe(type);
    const { chunks, endedAt } = await timedChunks(response);
    expect(firstChunkWith(chunks, first)?.at).toBeLessThan(endedAt - 100);
  });

  it("scrubs the key when it is split across two chunks of a stream", async () => {
    const response = await generate(generateRequest(fields("fake-sse-echo-key")), config());
    const text = (await timedChunks(response)).chunks.map((chunk) => chunk.text).join("");
    expect(text).toContain(`Key rejected: Bearer ${SCRUBBED}`);
  });

  it("errors the stream when the service cuts it mid-event, after relaying the events before", async () => {
    const response = await generate(generateRequest(fields("fake-sse-cut")), config());
    const { chunks, failed } = await timedChunks(response);
    expect(failed).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join("")).toContain("image_generation.partial_image");
    await expect.poll(() => generationsInFlight()).toBe(0);
  });

  it("stops the service's stream when the browser cancels mid-stream", async () => {
    const response = await generate(generateRequest(fields("fake-sse")), config());
    const reader = response.body?.getReader();
    await reader?.read();
    await reader?.cancel();
    const record = fake.current.requests.findLast((request) => request.model === "fake-sse");
    await expect.poll(() => record?.closedEarly).toBe(true);
    await expect.poll(() => generationsInFlight()).toBe(0);
  });

  it("ends a stream that outlasts the exchange's timeout", async () => {
    const response = await generate(generateRequest(fields("fake-sse")), configFor(fake.current.url, { IMAGE_API_TIMEOUT_MS: "2000" }));
    const { chunks, failed } = await timedChunks(response);
    // The first event (at 1.2 s) was relayed; the time ran out before the last one.
    expect(failed).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join("")).toContain("image_generation.partial_image");
    expect(chunks.map((chunk) => chunk.text).join("")).not.toContain("image_generation.completed");
  });
});
