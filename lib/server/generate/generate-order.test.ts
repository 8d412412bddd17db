import { describe, expect, it, vi } from "vitest";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { configFor, fields, generate, generateRequest, problemOf } from "@/test-support/route-helpers";
import { generationsInFlight } from "@/lib/server/limits/in-flight-limit";
import { REQUEST_BODY_SECONDS } from "@/lib/server/http/read-request-body";

/** Cheap checks first: a hostile body costs its sender a turn before it is read, and a body that drips in is cut off. */

const fake = fakeServiceForSuite();

const hostile = { model: "fake-b64", prompt: "p", aspect_ratio: `a${" ".repeat(16_000)}a` };

describe("the order of the generate route's checks", () => {
  it("spends the client's rate before validating: past it, a hostile body gets 429, never validated", async () => {
    const config = configFor(fake.current.url, { PLAYGROUND_RATE_LIMIT_PER_MINUTE: "2" });
    const peer = "198.51.100.40";
    expect((await generate(generateRequest(hostile, { peer }), config)).status).toBe(422);
    expect((await generate(generateRequest(hostile, { peer }), config)).status).toBe(422);
    const limited = await generate(generateRequest(hostile, { peer }), config);
    expect(limited.status).toBe(429);
    expect((await problemOf(limited)).type).toBe("urn:image-playground:problem:rate-limited");
  });

  it("answers the long ratio in plain words and keeps no turn (its time is measured in linear-time.test.ts)", async () => {
    const refused = await generate(generateRequest(hostile, { peer: "198.51.100.41" }), configFor(fake.current.url));
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).detail).toBe("aspect_ratio: Write the ratio as width:height, e.g. 16:9.");
    expect(generationsInFlight()).toBe(0);
  });

  it("cuts off a body still dripping in after the time allowed (408), and gives its turn back", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const config = configFor(fake.current.url, { PLAYGROUND_MAX_IN_FLIGHT: "1" });
      const dripping = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('{"model":"fake-b64",')),
      });
      const pending = generate(generateRequest("", { peer: "198.51.100.42", body: dripping, duplex: "half" } as RequestInit), config);
      await vi.advanceTimersByTimeAsync(REQUEST_BODY_SECONDS * 1000 + 10);
      const cut = await pending;
      expect(cut.status).toBe(408);
      expect((await problemOf(cut)).detail).toContain(`more than ${REQUEST_BODY_SECONDS} s to arrive`);
      expect(generationsInFlight()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    // The one turn there is was given back: an ordinary request is served.
    const served = await generate(
      generateRequest(fields("fake-b64"), { peer: "198.51.100.43" }),
      configFor(fake.current.url, { PLAYGROUND_MAX_IN_FLIGHT: "1" }),
    );
    expect(served.status).toBe(200);
  });
});
