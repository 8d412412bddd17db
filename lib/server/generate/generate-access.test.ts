import { describe, expect, it } from "vitest";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { configFor, fields, generate, generateRequest, problemOf } from "@/test-support/route-helpers";
import { SESSION_COOKIE, createSessionToken } from "@/lib/server/access/session";

/** Who may spend the key, how much they may send, and how often. */

const fake = fakeServiceForSuite();

const reached = () => fake.current.requests.length;

describe("cross-site requests", () => {
  it("refuses a cross-site Sec-Fetch-Site with 403, before the service is called", async () => {
    const before = reached();
    const response = await generate(
      generateRequest(fields("fake-b64"), { headers: { "sec-fetch-site": "cross-site" } }),
      configFor(fake.current.url),
    );
    expect(response.status).toBe(403);
    expect((await problemOf(response)).type).toBe("urn:image-playground:problem:cross-site");
    expect(reached()).toBe(before);
  });

  it("refuses an Origin that is not this host", async () => {
    const response = await generate(
      generateRequest(fields("fake-b64"), { headers: { origin: "https://evil.example" } }),
      configFor(fake.current.url),
    );
    expect(response.status).toBe(403);
    expect((await problemOf(response)).detail).toContain("https://evil.example");
  });

  it("accepts its own origin", async () => {
    const headers = { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" };
    expect((await generate(generateRequest(fields("fake-b64"), { headers }), configFor(fake.current.url))).status).toBe(200);
  });

  it("answers a plain HTML form post (not JSON) with 415", async () => {
    const request = generateRequest("model=x&prompt=y&aspect_ratio=1:1", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect((await generate(request, configFor(fake.current.url))).status).toBe(415);
  });
});

describe("the access gate", () => {
  const gated = () => configFor(fake.current.url, { PLAYGROUND_PASSWORD: "correct horse", PLAYGROUND_SESSION_SECRET: "s3cret-for-tests" });
  const access = { password: "correct horse", sessionSecret: "s3cret-for-tests", sessionHours: 12 };

  it("answers 401 without a session and calls nothing", async () => {
    const before = reached();
    const response = await generate(generateRequest(fields("fake-b64")), gated());
    expect(response.status).toBe(401);
    expect((await problemOf(response)).type).toBe("urn:image-playground:problem:sign-in-required");
    expect(reached()).toBe(before);
  });

  it("accepts a valid session cookie", async () => {
    const { token } = createSessionToken(access);
    const response = await generate(generateRequest(fields("fake-b64"), { headers: { cookie: `${SESSION_COOKIE}=${token}` } }), gated());
    expect(response.status).toBe(200);
  });

  it("refuses an expired or tampered session", async () => {
    const expired = createSessionToken(access, Date.now() - 13 * 3600_000).token;
    const tampered = createSessionToken(access).token.replace(/^v1\.\d/, (prefix) => `${prefix.slice(0, -1)}9`);
    const forged = createSessionToken({ ...access, sessionSecret: "guess" }).token;
    for (const token of [expired, tampered, forged]) {
      const response = await generate(generateRequest(fields("fake-b64"), { headers: { cookie: `${SESSION_COOKIE}=${token}` } }), gated());
      expect(response.status).toBe(401);
    }
  });
});

describe("limits", () => {
  it("refuses a body over the limit by its declared length, with 413", async () => {
    const response = await generate(generateRequest({ ...fields("fake-b64"), prompt: "x".repeat(20_000) }), configFor(fake.current.url));
    expect(response.status).toBe(413);
    expect((await problemOf(response)).detail).toBe("A request can be at most 16,384 bytes.");
  });

  it("refuses a chunked body over the limit without reading it all", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode(" ".repeat(4096)));
      },
    });
    const request = new Request("http://localhost:3000/api/generate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    const before = reached();
    const response = await generate(request, configFor(fake.current.url));
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    expect(reached()).toBe(before);
  });

  it("names the prompt limit in a 422", async () => {
    const response = await generate(
      generateRequest({ ...fields("fake-b64"), prompt: "x".repeat(101) }),
      configFor(fake.current.url, { IMAGE_PROMPT_MAX_CHARS: "100" }),
    );
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors?.prompt).toEqual(["A prompt can have at most 100 characters."]);
  });

  it("rate limits each client with 429 and Retry-After; a spoofed X-Forwarded-For does not reset it", async () => {
    const limited = () => configFor(fake.current.url, { PLAYGROUND_RATE_LIMIT_PER_MINUTE: "3" });
    const peer = "198.51.100.7";
    for (let i = 0; i < 3; i++) expect((await generate(generateRequest(fields("fake-b64"), { peer }), limited())).status).toBe(200);
    const spoofed = generateRequest(fields("fake-b64"), { peer, headers: { "x-forwarded-for": "192.0.2.99" } });
    const response = await generate(spoofed, limited());
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await problemOf(response)).retryAfterSeconds).toBe(Number(response.headers.get("retry-after")));
    // Another client has its own bucket.
    expect((await generate(generateRequest(fields("fake-b64"), { peer: "198.51.100.8" }), limited())).status).toBe(200);
  });

  it("behind trusted proxies counts the forwarded client, not what the client wrote further left", async () => {
    const config = () => configFor(fake.current.url, { PLAYGROUND_RATE_LIMIT_PER_MINUTE: "2", TRUST_PROXY_HOPS: "1" });
    const send = (forwarded: string) =>
      generate(generateRequest(fields("fake-b64"), { peer: "10.0.0.2", headers: { "x-forwarded-for": forwarded } }), config());
    expect((await send("203.0.113.50")).status).toBe(200);
    expect((await send("1.1.1.1, 203.0.113.50")).status).toBe(200);
    expect((await send("8.8.8.8, 203.0.113.50")).status).toBe(429);
    expect((await send("203.0.113.51")).status).toBe(200);
  });

  it("turns away generations beyond the in-flight cap with 503 and Retry-After", async () => {
    const config = () => configFor(fake.current.url, { PLAYGROUND_MAX_IN_FLIGHT: "1" });
    const controller = new AbortController();
    const hanging = generate(generateRequest(fields("fake-hang"), { signal: controller.signal }), config());
    await expect.poll(() => fake.current.requests.some((request) => request.model === "fake-hang" && !request.closedEarly)).toBe(true);
    const busy = await generate(generateRequest(fields("fake-b64")), config());
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("2");
    controller.abort();
    await hanging;
    expect((await generate(generateRequest(fields("fake-b64")), config())).status).toBe(200);
  });
});
