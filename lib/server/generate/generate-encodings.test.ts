import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";
import { findImages } from "@/lib/answer/image-finder";
import { SCRUBBED } from "@/lib/server/upstream/scrub-secret";
import { decodeContent } from "@/lib/server/upstream/content-decoding";
import { configFor, fields, generate, generateRequest, problemOf, readSlowly } from "@/test-support/route-helpers";

/**
 * Compressed answers the service was not asked for: decoded once on the server, the size cap
 * counted on the decoded bytes (an inflating body is refused without being held), the key scrubbed
 * from the decoded text, damaged compression reported in plain words.
 */

const fake = fakeServiceForSuite();

const config = () => configFor(fake.current.url, { IMAGE_API_MAX_ANSWER_BYTES: String(4 * 1024 * 1024) });
const call = (model: string) => generate(generateRequest(fields(model)), config());

describe("compressed answers", () => {
  it.each([
    ["fake-gzip", "gzip"],
    ["fake-deflate", "deflate"],
    ["fake-deflate-raw", "deflate"],
    ["fake-br", "br"],
    ["fake-gzip-br", "gzip, br"],
  ])("%s (%s) arrives decoded, with its coding and size on the wire", async (model, encoding) => {
    const response = await call(model);
    expect(response.status).toBe(200);
    expect(response.headers.get(ANSWER_HEADERS.serviceContentEncoding)).toBe(encoding);
    expect(response.headers.get(ANSWER_HEADERS.answerDecoding)).toBe("decoded");
    const body = await response.text();
    const wire = Number(response.headers.get(ANSWER_HEADERS.serviceWireBytes));
    expect(wire).toBeGreaterThan(0);
    expect(wire).toBeLessThan(body.length);
    expect(findImages(JSON.parse(body)).map((image) => image.paths)).toEqual([["$.data[0].b64_json"]]);
  });

  it("streams a large compressed answer on, decoded, without a wire size it cannot know yet", async () => {
    const response = await call("fake-gzip-large");
    expect(response.status).toBe(200);
    expect(response.headers.get(ANSWER_HEADERS.serviceWireBytes)).toBeNull();
    const body = JSON.parse(await response.text()) as { filler: string };
    expect(body.filler.length).toBe(3_000_000);
  });

  it("refuses a small body that inflates past the cap as too large", async () => {
    const response = await generate(
      generateRequest(fields("fake-gzip-bomb")),
      configFor(fake.current.url, { IMAGE_API_MAX_ANSWER_BYTES: String(1024 * 1024) }),
    );
    expect(response.status).toBe(502);
    const problem = await problemOf(response);
    expect(problem.type).toBe("urn:image-playground:problem:answer-too-large");
    expect(problem.detail).toContain("more than 1,048,576 bytes arrived");
  });

  it("cuts an inflating body off at a cap above the buffered size, as it does an uncompressed one", async () => {
    const response = await call("fake-gzip-bomb");
    expect(response.status).toBe(200);
    // Ends cleanly one byte past the cap: the page knows from the count that it was cut there.
    expect(await readSlowly(response)).toEqual({ received: 4 * 1024 * 1024 + 1, error: null });
  });

  it.each([
    ["fake-gzip-broken", "labelled gzip but does not decode as gzip"],
    ["fake-gzip-truncated", "labelled gzip but does not decode as gzip"],
  ])("%s is reported as damaged compression", async (model, detail) => {
    const response = await call(model);
    expect(response.status).toBe(502);
    const problem = await problemOf(response);
    expect(problem.type).toBe("urn:image-playground:problem:answer-broken");
    expect(problem.detail).toContain(detail);
  });

  it("refuses a coding it cannot undo (the key scrubber could not read it) and relays none of its bytes", async () => {
    const response = await call("fake-encoding-unknown");
    expect(response.status).toBe(502);
    expect(response.headers.get(ANSWER_HEADERS.source)).toBe("playground");
    const problem = await problemOf(response);
    expect(problem.type).toBe("urn:image-playground:problem:answer-unreadable-encoding");
    expect(problem.detail).toContain('in the content coding "x-made-up", which the playground cannot undo');
    expect(JSON.stringify(problem)).not.toContain("\u001f\u009d");
  });

  it("scrubs the key from inside a compressed answer", async () => {
    const response = await call("fake-gzip-echo-key");
    expect(await response.text()).toContain(`Key rejected: Bearer ${SCRUBBED}`);
  });

  it("leaves an uncompressed answer without transfer headers", async () => {
    const response = await call("fake-b64");
    expect(response.headers.get(ANSWER_HEADERS.serviceContentEncoding)).toBeNull();
    expect(response.headers.get(ANSWER_HEADERS.serviceWireBytes)).toBeNull();
  });
});

describe("decodeContent", () => {
  it("inflates only as fast as its reader reads: 1 MiB read from a 64 MiB bomb costs a few KB of input", async () => {
    const compressed = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    let offset = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= compressed.length) return controller.close();
        controller.enqueue(compressed.subarray(offset, (offset += 16 * 1024)));
      },
    });
    const decoding = decodeContent(source, "gzip");
    const reader = decoding.body.getReader();
    let read = 0;
    while (read < 1024 * 1024) {
      const { value } = await reader.read();
      read += value?.byteLength ?? 0;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The whole bomb is about 64 KB compressed: far less than that has been pulled from the service.
    expect(decoding.wireBytes()).toBeLessThanOrEqual(48 * 1024);
    await reader.cancel();
  });

  it("decodes a body that arrives one byte at a time", async () => {
    const compressed = gzipSync(JSON.stringify({ hello: "world".repeat(1000) }));
    let offset = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= compressed.length) return controller.close();
        controller.enqueue(compressed.subarray(offset, (offset += 1)));
      },
    });
    const text = await new Response(decodeContent(source, "x-gzip").body).text();
    expect(JSON.parse(text)).toEqual({ hello: "world".repeat(1000) });
  });
});
