import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sendHttp } from "./http-exchange";

/**
 * A service that closes a kept-alive connection just as the next request arrives on it (what an
 * idle timeout does when it races a new request): that request never reached the service.
 */
function startClosingService(): Promise<{ server: Server; url: string; answered: () => number }> {
  let answered = 0;
  const server = createServer((request, response) => {
    const served = (request.socket as { served?: number }).served ?? 0;
    (request.socket as { served?: number }).served = served + 1;
    if (served > 0) return request.socket.destroy();
    answered += 1;
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ answered }));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, answered: () => answered }),
    ),
  );
}

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const post = (url: string) =>
  sendHttp(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}", signal: new AbortController().signal });

describe("sendHttp", () => {
  it("sends once more on a new connection when a kept-alive one is closed under the request", async () => {
    const service = await startClosingService();
    server = service.server;
    const first = await post(service.url);
    expect(await new Response(first.body).json()).toEqual({ answered: 1 });
    const second = await post(service.url);
    expect(second.status).toBe(200);
    expect(await new Response(second.body).json()).toEqual({ answered: 2 });
  });
});
