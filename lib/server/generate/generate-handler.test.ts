import { createServer } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { samplePng, startFakeImageService, type FakeService } from "@/test-support/fake-service/fake-image-service";
import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";
import { configFor, fields, generate, generateRequest, problemOf, ROUTE_TEST_KEY as KEY } from "@/test-support/route-helpers";
import { parseServerConfig } from "@/lib/server/config/config";
import { forgetRememberedForms } from "@/lib/server/upstream/image-service-client";

let fake: FakeService;
let apiOnly: FakeService;

beforeAll(async () => {
  fake = await startFakeImageService({ apiKey: KEY });
  apiOnly = await startFakeImageService({ apiKey: KEY, forms: ["api"] });
});
afterAll(async () => {
  await fake.close();
  await apiOnly.close();
});
afterEach(() => forgetRememberedForms());

describe("POST /api/generate against a fake service", () => {
  it("relays a success byte for byte and sends the service only the three fields and the key", async () => {
    const response = await generate(generateRequest({ ...fields("fake-b64"), url: "http://elsewhere", n: 4 }), configFor(fake.url));
    expect(response.status).toBe(200);
    expect(response.headers.get(ANSWER_HEADERS.source)).toBe("service");
    expect(response.headers.get(ANSWER_HEADERS.serviceStatus)).toBe("200");
    expect(response.headers.get(ANSWER_HEADERS.serviceContentType)).toBe("application/json");
    expect(response.headers.get(ANSWER_HEADERS.serviceUrl)).toBe(`${fake.url}/v1/images/generations`);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const body = (await response.json()) as { data: { b64_json: string }[] };
    expect(body.data[0]?.b64_json).toBe(samplePng(160, 90, [220, 90, 40]).toString("base64"));

    const sent = fake.requests.at(-1);
    expect(JSON.parse(sent?.body ?? "")).toEqual({ model: "fake-b64", prompt: "a red fox in snow", aspect_ratio: "16:9" });
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.headers["content-type"]).toBe("application/json");
    expect(sent?.headers.cookie).toBeUndefined();
    expect(sent?.headers["x-forwarded-for"]).toBeUndefined();
  });

  it("passes a 401 through as the service's answer", async () => {
    const response = await generate(generateRequest(fields("fake-unauthorized")), configFor(fake.url));
    expect(response.status).toBe(401);
    expect(response.headers.get(ANSWER_HEADERS.source)).toBe("service");
    expect(await response.json()).toEqual({ error: { message: "Incorrect API key provided.", code: "invalid_api_key" } });
  });

  it("scrubs the key when the service echoes it", async () => {
    const response = await generate(generateRequest(fields("fake-echo-key")), configFor(fake.url));
    expect(await response.text()).toBe('{"error":{"message":"Key rejected: Bearer [redacted key]"}}');
  });

  it("relays an HTML 500, a text body and an image body with their own content types", async () => {
    const html = await generate(generateRequest(fields("fake-html-500")), configFor(fake.url));
    expect([html.status, html.headers.get(ANSWER_HEADERS.serviceContentType)]).toEqual([500, "text/html"]);
    expect(await html.text()).toContain("<h1>Internal Server Error</h1>");

    const text = await generate(generateRequest(fields("fake-text")), configFor(fake.url));
    expect(await text.text()).toBe("queued, come back later");

    const image = await generate(generateRequest(fields("fake-image-body")), configFor(fake.url));
    expect(Buffer.from(await image.arrayBuffer()).equals(samplePng(120, 80))).toBe(true);
    expect(image.headers.get("content-type")).toBe("application/octet-stream");
  });

  it("relays Retry-After from a 429", async () => {
    const response = await generate(generateRequest(fields("fake-rate-limit")), configFor(fake.url));
    expect(response.status).toBe(429);
    expect(response.headers.get(ANSWER_HEADERS.serviceRetryAfter)).toBe("7");
  });

  it("auto: after a 404 on the host form it calls the /api form once, then remembers it", async () => {
    const before = apiOnly.requests.length;
    const first = await generate(generateRequest(fields("fake-b64")), configFor(apiOnly.url));
    expect(first.status).toBe(200);
    expect(first.headers.get(ANSWER_HEADERS.serviceUrl)).toBe(`${apiOnly.url}/api/v1/images/generations`);
    expect(first.headers.get(ANSWER_HEADERS.serviceUrlsTried)).toBe(`${apiOnly.url}/v1/images/generations`);
    expect(apiOnly.requests.slice(before).map((request) => request.path)).toEqual(["/v1/images/generations", "/api/v1/images/generations"]);

    const second = await generate(generateRequest(fields("fake-b64")), configFor(apiOnly.url));
    expect(second.status).toBe(200);
    expect(apiOnly.requests.slice(before + 2).map((request) => request.path)).toEqual(["/api/v1/images/generations"]);
  });

  it("a fixed host form does not fall back", async () => {
    const response = await generate(generateRequest(fields("fake-b64")), configFor(apiOnly.url, { IMAGE_API_BASE_FORM: "host" }));
    expect(response.status).toBe(404);
    expect(response.headers.get(ANSWER_HEADERS.source)).toBe("service");
  });

  it("answers 504 when the service accepts the request but never answers", async () => {
    const response = await generate(generateRequest(fields("fake-hang")), configFor(fake.url, { IMAGE_API_HEADERS_TIMEOUT_MS: "300" }));
    expect(response.status).toBe(504);
    const problem = await problemOf(response);
    expect(problem.type).toBe("urn:image-playground:problem:service-timeout");
    expect(problem.detail).toContain("no response headers within 0.3 s");
  });

  it("answers 502 naming a refused connection", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const address = closed.address();
    const port = typeof address === "object" && address ? address.port : 0;
    await new Promise((resolve) => closed.close(resolve));
    const response = await generate(generateRequest(fields("fake-b64")), configFor(`http://127.0.0.1:${port}`));
    expect(response.status).toBe(502);
    expect((await problemOf(response)).detail).toContain("connection was refused");
  });

  it("answers 502 naming a DNS failure", async () => {
    const response = await generate(generateRequest(fields("fake-b64")), configFor("http://no-such-host.invalid"));
    expect(response.status).toBe(502);
    expect((await problemOf(response)).detail).toContain("could not be resolved");
  });

  it("answers 502 naming a reset connection", async () => {
    const response = await generate(generateRequest(fields("fake-reset")), configFor(fake.url));
    expect(response.status).toBe(502);
    expect((await problemOf(response)).detail).toMatch(/reset|socket closed/);
  });

  it("carries the browser's abort through to the service", async () => {
    const controller = new AbortController();
    const before = fake.requests.length;
    const pending = generate(generateRequest(fields("fake-hang"), { signal: controller.signal }), configFor(fake.url));
    await expect.poll(() => fake.requests.length).toBe(before + 1);
    controller.abort();
    await pending;
    await expect.poll(() => fake.requests.at(-1)?.closedEarly).toBe(true);
  });
});

describe("POST /api/generate refusing bad input", () => {
  it("415 for a body that is not JSON-typed", async () => {
    const response = await generate(
      generateRequest("model=x", { headers: { "content-type": "application/x-www-form-urlencoded" } }),
      configFor(fake.url),
    );
    expect(response.status).toBe(415);
    expect((await problemOf(response)).status).toBe(415);
  });

  it("400 for a body that does not parse", async () => {
    const response = await generate(generateRequest("{nope"), configFor(fake.url));
    expect(response.status).toBe(400);
    expect((await problemOf(response)).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("422 with field errors, and nothing sent to the service", async () => {
    const before = fake.requests.length;
    const response = await generate(generateRequest({ model: "", prompt: "x", aspect_ratio: "16x9" }), configFor(fake.url));
    expect(response.status).toBe(422);
    expect((await problemOf(response)).errors).toEqual({
      model: ["Enter a model."],
      aspect_ratio: ["Use a colon between width and height, e.g. 16:9."],
    });
    expect(fake.requests.length).toBe(before);
  });

  it("500 naming the settings, not their values, when misconfigured", async () => {
    const response = await generate(generateRequest(fields("fake-b64")), parseServerConfig({ IMAGE_API_BASE_URL: "https://h.example" }));
    expect(response.status).toBe(500);
    expect((await problemOf(response)).detail).toBe("Check these settings on the server: IMAGE_API_KEY.");
  });
});
