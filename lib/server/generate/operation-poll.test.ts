import { describe, expect, it } from "vitest";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";
import { interpretAnswer } from "@/lib/answer/interpret-answer";
import { jobOfAnswer } from "@/lib/answer/job-status";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { configFor, fields, generate, generateRequest, problemOf, ROUTE_TEST_KEY } from "@/test-support/route-helpers";
import { handlePoll } from "./poll-handler";

/** Operations announced in headers (202 + Operation-Location or Location): followed through /api/poll to the end. */

const fake = fakeServiceForSuite();

const pollRequest = (url: string, grant: string | undefined) =>
  new Request("http://localhost:3000/api/poll", {
    method: "POST",
    headers: { "content-type": "application/json", [PEER_ADDRESS_HEADER]: "127.0.0.9" },
    body: JSON.stringify({ url, grant }),
  });

/** What the page reads of a relayed answer: its body and the exchange's headers. */
async function asPage(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const header = (name: string) => response.headers.get(name) ?? "";
  const exchange = {
    status: Number(header(ANSWER_HEADERS.serviceStatus)),
    url: header(ANSWER_HEADERS.serviceUrl),
    location: header(ANSWER_HEADERS.serviceLocation),
    operationLocation: header(ANSWER_HEADERS.serviceOperationLocation),
    retryAfter: header(ANSWER_HEADERS.serviceRetryAfter),
  };
  const answer = interpretAnswer(bytes, header(ANSWER_HEADERS.serviceContentType));
  const grants = JSON.parse(decodeURIComponent(header(ANSWER_HEADERS.pollGrants) || "%7B%7D")) as Record<string, string>;
  return { answer, exchange, grants, job: jobOfAnswer(answer.body, exchange) };
}

describe("an operation announced in headers", () => {
  it.each([
    ["fake-operation", 202, ["notStarted", "running", "succeeded"]],
    ["fake-operation-location", 201, ["IN_QUEUE", "IN_PROGRESS", "COMPLETED"]],
    ["fake-operation-replicate", 202, ["starting", "processing", "succeeded"]],
    ["fake-operation-bfl", 202, ["Pending", "Pending", "Ready"]],
  ])("%s: %i, granted, followed through its status words to the image, with the key", async (model, status, words) => {
    const submitted = await asPage(await generate(generateRequest(fields(model)), configFor(fake.current.url)));
    expect(submitted.exchange.status).toBe(status);
    expect(submitted.exchange.retryAfter).toBe("1");
    const pollingUrl = submitted.job?.pollingUrl ?? "";
    expect(pollingUrl).toMatch(new RegExp(`^${fake.current.url}/v1/operations/[\\w-]+$`));
    expect(submitted.job?.phase).toBe("waiting");
    const grant = submitted.grants[pollingUrl];
    expect(grant).toBeDefined();
    const states: (string | null)[] = [];
    let images: string[] = [];
    for (let poll = 0; poll < 3; poll++) {
      const polled = await asPage(await handlePoll(pollRequest(pollingUrl, grant), configFor(fake.current.url)));
      states.push(polled.job?.state ?? null);
      images = polled.answer.images.map((image) => (image.source.kind === "url" ? image.source.url : ""));
    }
    expect(states).toEqual(words);
    expect(images).toEqual([`${fake.current.url}/files/operation-${pollingUrl.split("/").at(-1)}.png`]);
    const polls = fake.current.requests.filter((request) => request.path === new URL(pollingUrl).pathname);
    expect(polls.map((request) => request.headers.authorization)).toEqual(Array(3).fill(`Bearer ${ROUTE_TEST_KEY}`));
  });

  it("a failing operation ends in its failure word", async () => {
    const submitted = await asPage(await generate(generateRequest(fields("fake-operation-failing")), configFor(fake.current.url)));
    const pollingUrl = submitted.job?.pollingUrl ?? "";
    let last = submitted;
    for (let poll = 0; poll < 3; poll++)
      last = await asPage(await handlePoll(pollRequest(pollingUrl, submitted.grants[pollingUrl]), configFor(fake.current.url)));
    expect(last.job).toMatchObject({ state: "failed", phase: "failed" });
  });

  it("one that names another host gets no grant, and the poll route refuses it: the key goes nowhere else", async () => {
    const submitted = await asPage(await generate(generateRequest(fields("fake-operation-elsewhere")), configFor(fake.current.url)));
    const pollingUrl = submitted.job?.pollingUrl ?? "";
    expect(new URL(pollingUrl).hostname).toBe("127.0.0.2");
    expect(submitted.grants).toEqual({});
    const refused = await handlePoll(pollRequest(pollingUrl, undefined), configFor(fake.current.url));
    expect(refused.status).toBe(403);
    expect((await problemOf(refused)).type).toMatch(/poll-(refused|not-granted)$/);
    expect(fake.current.requests.some((request) => request.path === new URL(pollingUrl).pathname)).toBe(false);
  });
});
