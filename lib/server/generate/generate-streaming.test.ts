import { describe, expect, it } from "vitest";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";
import { configFor, fields, generate, generateRequest, readSlowly } from "@/test-support/route-helpers";
import { handleGenerate } from "@/lib/server/generate/generate-handler";
import { generationsInFlight } from "@/lib/server/limits/in-flight-limit";
import { SCRUBBED } from "@/lib/server/upstream/scrub-secret";
import { releaseHeldStream } from "@/test-support/fake-service/encoded-behaviours";

/** Answers larger than the buffer are streamed on: same bytes, key still scrubbed, limits still enforced. */

const fake = fakeServiceForSuite();

describe("large answers", () => {
  it("streams a 3 MB answer with the key scrubbed deep inside it", async () => {
    const response = await generate(generateRequest(fields("fake-large-echo-key")), configFor(fake.current.url));
    expect(response.status).toBe(200);
    expect(response.headers.get(ANSWER_HEADERS.source)).toBe("service");
    expect(response.headers.get("content-length")).toBeNull();
    const body = JSON.parse(await response.text()) as { filler: string; echoed: string; more: string };
    expect(body.echoed).toBe(`Bearer ${SCRUBBED}`);
    expect(body.filler.length).toBe(2 * 1024 * 1024);
    expect(body.more.length).toBe(1024 * 1024);
  });

  it("says the length the service declared for a streamed answer, and none for one it did not declare", async () => {
    const declared = await generate(generateRequest(fields("bench-1mb-b64")), configFor(fake.current.url));
    expect(declared.headers.get("content-length")).toBeNull();
    const body = await declared.arrayBuffer();
    expect(declared.headers.get(ANSWER_HEADERS.answerLength)).toBe(String(body.byteLength));
    const chunked = await generate(generateRequest(fields("fake-large-echo-key")), configFor(fake.current.url));
    expect(chunked.headers.get(ANSWER_HEADERS.answerLength)).toBeNull();
    await chunked.body?.cancel();
  });

  it("cuts a streamed answer off one byte past the cap and closes the connection to the service", async () => {
    const response = await generate(
      generateRequest(fields("fake-huge-chunked")),
      configFor(fake.current.url, { IMAGE_API_MAX_ANSWER_BYTES: String(3 * 1024 * 1024) }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get(ANSWER_HEADERS.answerLimit)).toBe(String(3 * 1024 * 1024));
    expect(await readSlowly(response)).toEqual({ received: 3 * 1024 * 1024 + 1, error: null });
    const record = fake.current.requests.findLast((request) => request.model === "fake-huge-chunked");
    await expect.poll(() => record?.closedEarly).toBe(true);
  });

  it("errors the stream when the service breaks off mid-answer, and frees its slot", async () => {
    // Read directly, not through `generate`'s tee, whose branches drop what they hold on an error.
    const prompt = "reset once everything sent was read";
    const response = await handleGenerate(generateRequest(fields("fake-large-then-held-reset", prompt)), configFor(fake.current.url));
    expect(response.status).toBe(200);
    const sent = `{"filler": "`.length + 2 * 1024 * 1024;
    // The service resets the connection once all it sent has arrived here.
    const { received, error } = await readSlowly(response, (bytes) => {
      if (bytes === sent) releaseHeldStream(prompt);
    });
    expect(String(error)).toContain("connection reset");
    // Everything the service sent before it broke off arrives before the error.
    expect(received).toBe(sent);
    await expect.poll(() => generationsInFlight()).toBe(0);
    expect((await generate(generateRequest(fields("fake-b64")), configFor(fake.current.url))).status).toBe(200);
  });
});
