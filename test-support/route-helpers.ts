import { expect } from "vitest";
import { parseServerConfig } from "../lib/server/config/config";
import { PEER_ADDRESS_HEADER } from "../lib/server/http/client-address";
import { handleGenerate } from "../lib/server/generate/generate-handler";
import { ANSWER_HEADERS } from "../lib/answer/answer-headers";
import { freshDataFolder } from "./database-targets";

/** Shared by the route tests: configs against a fake service, requests as a browser sends them. */

export const ROUTE_TEST_KEY = "sk-route-test-0123456789";

/** Where route tests' servers keep their secret (and database, unless a test names its own folder). */
const ROUTE_TEST_DATA_DIR = freshDataFolder("route-test-");

export function configFor(baseUrl: string, extra: Record<string, string> = {}) {
  return parseServerConfig({
    PLAYGROUND_DATA_DIR: ROUTE_TEST_DATA_DIR,
    IMAGE_API_BASE_URL: baseUrl,
    IMAGE_API_KEY: ROUTE_TEST_KEY,
    IMAGE_API_TIMEOUT_MS: "2000",
    PLAYGROUND_RATE_LIMIT_PER_MINUTE: "100000",
    ...extra,
  });
}

export function generateRequest(body: unknown, init: RequestInit & { peer?: string } = {}): Request {
  const { peer = "127.0.0.1", headers, ...rest } = init;
  return new Request("http://localhost:3000/api/generate", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: "session=abc",
      "x-forwarded-for": "203.0.113.9",
      authorization: "Bearer browser-token",
      [PEER_ADDRESS_HEADER]: peer,
      ...headers,
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...rest,
  });
}

export const fields = (model: string, prompt = "  a red fox in snow ") => ({ model, prompt, aspect_ratio: " 16 : 9 " });

/** Calls the route and checks, for every answer, that the service key is nowhere in it. */
export async function generate(request: Request, config: ReturnType<typeof configFor>): Promise<Response> {
  const response = await handleGenerate(request, config);
  const text = (await receivedBytes(response.clone())).toString("latin1");
  expect(text).not.toContain(ROUTE_TEST_KEY);
  for (const [, value] of response.headers) expect(value).not.toContain(ROUTE_TEST_KEY);
  return response;
}

export type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  requestId: string;
  retryAfterSeconds?: number;
  errors?: Record<string, string[]>;
};

export async function problemOf(response: Response): Promise<ProblemBody> {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(response.headers.get(ANSWER_HEADERS.source)).toBe("playground");
  const body = (await response.json()) as ProblemBody;
  expect(body.requestId).toBe(response.headers.get(ANSWER_HEADERS.requestId));
  return body;
}

/** Every byte that arrived, also from a body that fails midway (a streamed answer cut off). */
async function receivedBytes(response: Response): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = response.body?.getReader();
  try {
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      chunks.push(next.value);
    }
  } catch {
    // a broken stream: the bytes before the break are what a browser would have seen
  }
  return Buffer.concat(chunks);
}

/**
 * Reads an answer's body as a browser over a network does, slower than the service sends it, so
 * chunks queue up ahead of the reader. Counts what arrived and keeps the error the body ended with.
 */
export async function readSlowly(
  response: Response,
  onReceived: (received: number) => void = () => undefined,
): Promise<{ received: number; error: unknown }> {
  const reader = response.body?.getReader();
  let received = 0;
  try {
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) return { received, error: null };
      received += next.value.byteLength;
      onReceived(received);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  } catch (error) {
    return { received, error };
  }
}
