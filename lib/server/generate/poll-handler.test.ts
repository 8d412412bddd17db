import { describe, expect, it } from "vitest";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";
import { findImages } from "@/lib/answer/image-finder";
import { detectJob } from "@/lib/answer/job-status";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { configFor, fields, generate, generateRequest, problemOf, ROUTE_TEST_KEY } from "@/test-support/route-helpers";
import { handlePoll } from "./poll-handler";

/** Following a job: submit, then poll through our server, which adds the key only for the service's own origin. */

const fake = fakeServiceForSuite();

function pollRequest(url: unknown, grant?: string, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost:3000/api/poll", {
    method: "POST",
    headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: "127.0.0.9", ...headers },
    body: JSON.stringify({ url, grant }),
  });
}

function grantsOf(response: Response): Record<string, string> {
  return JSON.parse(decodeURIComponent(response.headers.get(ANSWER_HEADERS.pollGrants) ?? "%7B%7D")) as Record<string, string>;
}

/** Submits a job; its polling URL and the grant the relay issued for it. */
async function submit(model: string): Promise<{ pollingUrl: string; grant: string }> {
  const response = await generate(generateRequest(fields(model)), configFor(fake.current.url));
  expect(response.status).toBe(202);
  const grants = grantsOf(response);
  const job = detectJob(await response.json());
  expect(job?.phase).toBe("waiting");
  const pollingUrl = job?.pollingUrl ?? "";
  expect(Object.keys(grants)).toEqual([pollingUrl]);
  return { pollingUrl, grant: grants[pollingUrl] ?? "" };
}

describe("POST /api/poll", () => {
  it("follows a job from submitted through processing to its image, with the key", async () => {
    const { pollingUrl, grant } = await submit("fake-async");
    const states: string[] = [];
    let images: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await handlePoll(pollRequest(pollingUrl, grant), configFor(fake.current.url));
      expect(response.headers.get(ANSWER_HEADERS.source)).toBe("service");
      expect(response.headers.get(ANSWER_HEADERS.serviceUrl)).toBe(pollingUrl);
      const body: unknown = await response.json();
      states.push(detectJob(body)?.state ?? "");
      images = findImages(body).map((image) => (image.source.kind === "url" ? image.source.url : ""));
    }
    expect(states).toEqual(["processing", "processing", "succeeded"]);
    expect(images).toEqual([`${fake.current.url}/files/job-${pollingUrl.split("/").at(-1)}.png`]);
    const polls = fake.current.requests.filter((request) => request.path === new URL(pollingUrl).pathname);
    expect(polls.map((request) => request.headers.authorization)).toEqual(Array(3).fill(`Bearer ${ROUTE_TEST_KEY}`));
  });

  it("reports a job that fails as the service's answer", async () => {
    const { pollingUrl, grant } = await submit("fake-async-failing");
    let last: unknown;
    for (let attempt = 0; attempt < 3; attempt++)
      last = await (await handlePoll(pollRequest(pollingUrl, grant), configFor(fake.current.url))).json();
    expect(detectJob(last)).toMatchObject({ phase: "failed", state: "failed" });
  });

  it.each(["fake-async-elsewhere", "fake-async-link-local", "fake-async-file"])(
    "refuses the polling URL of %s and sends nothing",
    async (model) => {
      const response = await generate(generateRequest(fields(model)), configFor(fake.current.url));
      expect(grantsOf(response)).toEqual({});
      const pollingUrl = JSON.parse(await response.text()).polling_url as string;
      const before = fake.current.requests.length;
      const refused = await handlePoll(pollRequest(pollingUrl), configFor(fake.current.url));
      expect(refused.status).toBe(403);
      const problem = await problemOf(refused);
      expect(problem.type).toBe("urn:image-playground:problem:poll-refused");
      expect(fake.current.requests.length).toBe(before);
    },
  );

  it("refuses URLs with credentials, other schemes and junk", async () => {
    for (const url of [
      `${fake.current.url.replace("http://", "http://user:pw@")}/v1/jobs/x`,
      "ftp://127.0.0.1/x",
      "not a url",
      `${fake.current.url.replace("http", "https")}/v1/jobs/x`,
    ]) {
      expect((await handlePoll(pollRequest(url), configFor(fake.current.url))).status).toBe(403);
    }
    expect((await handlePoll(pollRequest(42), configFor(fake.current.url))).status).toBe(422);
  });

  it("is guarded like generating: cross-site refused, session required", async () => {
    const { pollingUrl, grant } = await submit("fake-async");
    expect((await handlePoll(pollRequest(pollingUrl, grant, { "sec-fetch-site": "cross-site" }), configFor(fake.current.url))).status).toBe(
      403,
    );
    expect((await handlePoll(pollRequest(pollingUrl, grant), configFor(fake.current.url, { PLAYGROUND_PASSWORD: "pw" }))).status).toBe(401);
  });

  it("fetches only URLs the service named: any other path on its origin is refused, with or without another URL's grant", async () => {
    const { grant } = await submit("fake-async");
    const before = fake.current.requests.length;
    for (const [url, given] of [
      [`${fake.current.url}/v1/billing`, undefined],
      [`${fake.current.url}/v1/billing`, grant],
      [`${fake.current.url}/v1/jobs/never-made`, "v1.99999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
      [`${fake.current.url}/v1/files`, "not a grant"],
    ] as const) {
      const refused = await handlePoll(pollRequest(url, given), configFor(fake.current.url));
      expect(refused.status).toBe(403);
      const problem = await problemOf(refused);
      expect(problem.type).toBe("urn:image-playground:problem:poll-not-granted");
      expect(problem.detail).toMatch(/^Not fetched: its grant|^Not fetched: it comes with no grant/);
    }
    expect(fake.current.requests.length).toBe(before);
  });

  it("refuses a grant past its expiry, and one signed by another server", async () => {
    const { pollingUrl, grant } = await submit("fake-async");
    const config = configFor(fake.current.url);
    if (!config.ok) throw new Error("config");
    const { grantPoll } = await import("@/lib/server/upstream/poll-grant");
    const stale = await grantPoll(config.config.access, new URL(pollingUrl), Date.now() - 25 * 3600_000);
    const expired = await problemOf(await handlePoll(pollRequest(pollingUrl, stale), config));
    expect(expired.detail).toContain("its grant expired");
    const elsewhere = await grantPoll({ ...config.config.access, sessionSecret: "another server" }, new URL(pollingUrl));
    const foreign = await problemOf(await handlePoll(pollRequest(pollingUrl, elsewhere), config));
    expect(foreign.detail).toContain("its grant does not match it");
    expect((await handlePoll(pollRequest(pollingUrl, grant), config)).status).toBe(200);
  });
});
