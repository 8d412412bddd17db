import { describe, expect, it } from "vitest";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";
import { sniffImageMime } from "@/lib/answer/image-signature";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { configFor, fields, generate, generateRequest, problemOf, ROUTE_TEST_KEY } from "@/test-support/route-helpers";
import { grantPoll } from "@/lib/server/upstream/poll-grant";
import { handleImage } from "./image-handler";

/** Pictures behind the service's key: granted by the relay, fetched with the key by /api/image, and nothing else. */

const fake = fakeServiceForSuite();

const imageRequest = (params: Record<string, string>) =>
  new Request(`http://localhost:3000/api/image?${new URLSearchParams(params).toString()}`, {
    headers: { [PEER_ADDRESS_HEADER]: "127.0.0.9" },
  });

async function grantsOf(model: string): Promise<Record<string, string>> {
  const response = await generate(generateRequest(fields(model)), configFor(fake.current.url));
  expect(response.status).toBe(200);
  return JSON.parse(decodeURIComponent(response.headers.get(ANSWER_HEADERS.imageGrants) ?? "%7B%7D")) as Record<string, string>;
}

const keyedFetches = (path: string) => fake.current.requests.filter((request) => request.path === path);

describe("GET /api/image", () => {
  it("fetches a granted picture on the service's host with the key, as an image the browser may cache briefly", async () => {
    const grants = await grantsOf("fake-keyed-url");
    const url = `${fake.current.url}/keyed-files/result.png`;
    expect(Object.keys(grants)).toEqual([url]);
    const response = await handleImage(imageRequest({ url, grant: grants[url] ?? "" }), configFor(fake.current.url));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("private, max-age=600");
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(sniffImageMime(new Uint8Array(await response.arrayBuffer()))).toBe("image/png");
    expect(keyedFetches("/keyed-files/result.png").at(-1)?.headers.authorization).toBe(`Bearer ${ROUTE_TEST_KEY}`);
  });

  it("grants a relative picture resolved against the service", async () => {
    const grants = await grantsOf("fake-keyed-relative");
    expect(Object.keys(grants)).toEqual([`${fake.current.url}/keyed-files/relative.png`]);
  });

  it("refuses without a grant, with another URL's grant, and with a polling grant", async () => {
    const grants = await grantsOf("fake-keyed-url");
    const url = `${fake.current.url}/keyed-files/result.png`;
    const before = keyedFetches("/keyed-files/other.png").length;
    const config = configFor(fake.current.url);
    if (!config.ok) throw new Error("config");
    const pollGrant = await grantPoll(config.config.access, new URL(url));
    const cases: Record<string, string>[] = [
      { url },
      { url: `${fake.current.url}/keyed-files/other.png`, grant: grants[url] ?? "" },
      { url, grant: pollGrant },
    ];
    for (const params of cases) {
      const refused = await handleImage(imageRequest(params), configFor(fake.current.url));
      expect(refused.status).toBe(403);
      expect((await problemOf(refused)).type).toMatch(/poll-not-granted$/);
    }
    expect(keyedFetches("/keyed-files/other.png")).toHaveLength(before);
  });

  it("never grants nor fetches a picture on another host: the key goes only to the service", async () => {
    expect(await grantsOf("fake-keyed-elsewhere")).toEqual({});
    const url = `${fake.current.url.replace("127.0.0.1", "127.0.0.2")}/keyed-files/elsewhere.png`;
    const refused = await handleImage(
      imageRequest({ url, grant: "v1.99999999999999.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }),
      configFor(fake.current.url),
    );
    expect(refused.status).toBe(403);
    expect((await problemOf(refused)).type).toMatch(/poll-refused$/);
    expect(keyedFetches("/keyed-files/elsewhere.png")).toHaveLength(0);
  });

  it("passes on only pictures: an HTML page behind the key is refused, never served from the playground", async () => {
    const grants = await grantsOf("fake-keyed-not-image");
    const url = `${fake.current.url}/keyed-files/page.html`;
    const refused = await handleImage(imageRequest({ url, grant: grants[url] ?? "" }), configFor(fake.current.url));
    expect(refused.status).toBe(502);
    const problem = await problemOf(refused);
    expect(problem.type).toMatch(/image-refused$/);
    expect(problem.detail).toContain("text/html");
  });
});
