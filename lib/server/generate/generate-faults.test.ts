import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeImageService, type FakeService } from "@/test-support/fake-service/fake-image-service";
import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";
import { configFor, fields, generate, generateRequest, problemOf, ROUTE_TEST_KEY } from "@/test-support/route-helpers";

/**
 * Every way a service can misbehave gives its own status and problem type, the route keeps
 * serving (a good request right after succeeds), and nothing is left as an unhandled rejection.
 */

let fake: FakeService;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  fake = await startFakeImageService({ apiKey: ROUTE_TEST_KEY });
});
afterAll(async () => {
  await fake.close();
  // Give late socket errors a moment to surface before declaring there were none.
  await new Promise((resolve) => setTimeout(resolve, 200));
  process.off("unhandledRejection", onUnhandled);
  expect(unhandled).toEqual([]);
});

const config = () =>
  configFor(fake.url, {
    IMAGE_API_TIMEOUT_MS: "600",
    IMAGE_API_HEADERS_TIMEOUT_MS: "400",
    IMAGE_API_MAX_ANSWER_BYTES: String(1024 * 1024),
  });

async function faultAnswer(model: string): Promise<Response> {
  const response = await generate(generateRequest(fields(model)), config());
  // The route keeps serving: the next good request succeeds.
  const next = await generate(generateRequest(fields("fake-b64")), config());
  expect(next.status).toBe(200);
  return response;
}

describe("service faults", () => {
  it.each([
    ["fake-hang", 504, "service-timeout", "no response headers within 0.4 s"],
    ["fake-stall", 504, "service-timeout", "still incomplete when the time ran out (10 bytes received)"],
    ["fake-drip", 504, "service-timeout", "still incomplete when the time ran out"],
    ["fake-reset-mid-body", 502, "answer-broken", "bytes of the answer"],
    ["fake-short-body", 502, "answer-broken", "after 12 bytes of the answer"],
    ["fake-huge", 502, "answer-too-large", "it declared 2,097,152 bytes"],
    ["fake-huge-chunked", 502, "answer-too-large", "more than 1,048,576 bytes arrived"],
    ["fake-reset", 502, "service-unreachable", "connection"],
  ])("%s → %i %s", async (model, status, kind, detail) => {
    const response = await faultAnswer(model);
    expect(response.status).toBe(status);
    const problem = await problemOf(response);
    expect(problem.type).toBe(`urn:image-playground:problem:${kind}`);
    expect(problem.detail).toContain(detail);
  });

  it("closes the connection to a service whose answer passes the cap", async () => {
    await faultAnswer("fake-huge-chunked");
    const record = fake.requests.findLast((request) => request.model === "fake-huge-chunked");
    await expect.poll(() => record?.closedEarly).toBe(true);
  });

  it.each([
    ["fake-bad-json", 200, "application/json", '{"data": [{"url": "https://cdn.example.com/a.png"}'],
    ["fake-html-500", 500, "text/html", "<html><body><h1>Internal Server Error</h1></body></html>"],
    ["fake-empty", 200, null, ""],
    ["fake-unauthorized", 401, "application/json", '{"error":{"message":"Incorrect API key provided.","code":"invalid_api_key"}}'],
    ["fake-rate-limit", 429, "application/json", '{"error":{"message":"Too many requests, slow down."}}'],
  ])("%s is relayed as the service's answer (%i)", async (model, status, contentType, body) => {
    const response = await faultAnswer(model);
    expect(response.status).toBe(status);
    expect(response.headers.get(ANSWER_HEADERS.source)).toBe("service");
    expect(response.headers.get(ANSWER_HEADERS.serviceContentType)).toBe(contentType);
    expect(await response.text()).toBe(body);
  });

  it("does not follow a redirect: it is shown as the service's answer, with where it pointed", async () => {
    const response = await faultAnswer("fake-redirect");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get(ANSWER_HEADERS.serviceLocation)).toBe(`${fake.url}/elsewhere/generations`);
    expect(fake.requests.some((request) => request.path.startsWith("/elsewhere"))).toBe(false);
  });

  it("relays none of the service's own headers except as exchange data", async () => {
    const response = await faultAnswer("fake-set-cookie");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("content-type")).toBe("application/octet-stream");
    expect(response.headers.get(ANSWER_HEADERS.serviceRequestId)).toBe("svc-123");
  });
});
