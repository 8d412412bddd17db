import "server-only";
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

/**
 * A request over Node's own HTTP client. The framework's patched fetch costs about a millisecond per
 * call, most of the playground's own overhead; this keeps connections alive, follows no redirect,
 * and hands back the body as a web stream that the caller reads (or cancels, closing the socket).
 */

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

export type PostedAnswer = { status: number; statusText: string; headers: Headers; body: ReadableStream<Uint8Array> };

/**
 * The response body as a web stream; cancelling it destroys the socket. Written out rather than
 * Node 20's Readable.toWeb, which queues one chunk at a time and pauses the socket after each, so a
 * large answer crossed it at about half the speed a bare relay of the same body reaches.
 */
function webBody(message: IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let settled = false;
        const settle = (finish: () => void) => {
          if (settled) return;
          settled = true;
          finish();
        };
        message.on("data", (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) message.pause();
        });
        message.once("end", () => settle(() => controller.close()));
        message.once("error", (error) => settle(() => controller.error(error)));
        // A socket closed before the whole body arrived (reset, destroyed) is an error, not an end.
        message.once("close", () => {
          if (!message.complete) {
            settle(() =>
              controller.error(Object.assign(new Error("the connection closed before the answer ended"), { code: "ECONNRESET" })),
            );
          }
        });
      },
      pull() {
        message.resume();
      },
      cancel(reason) {
        message.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 1024 * 1024 }),
  );
}

function toHeaders(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      try {
        headers.append(name, item);
      } catch {
        // a header value the Fetch standard cannot hold: left out, the body still arrives
      }
    }
  }
  return headers;
}

type SendOptions = { method: "GET" | "POST"; headers: Record<string, string>; body?: string; signal: AbortSignal };

/** A reused keep-alive connection the service closed as the request went out: it never saw the request. */
const RETRIED_ON_A_NEW_CONNECTION = new Set(["ECONNRESET", "EPIPE"]);

/**
 * Sends once more, on a new connection, when a reused keep-alive connection fails before any answer
 * (the service closed it while idle, just as the request was written). That request never reached
 * the service, so nothing is paid twice; any other failure is the service's answer and is shown.
 */
export async function sendHttp(url: string, options: SendOptions): Promise<PostedAnswer> {
  try {
    return await sendOnce(url, options);
  } catch (error) {
    const { code, reusedSocket } = error as { code?: string; reusedSocket?: boolean };
    if (!reusedSocket || !RETRIED_ON_A_NEW_CONNECTION.has(code ?? "") || options.signal.aborted) throw error;
    return sendOnce(url, options);
  }
}

function sendOnce(url: string, options: SendOptions): Promise<PostedAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const payload = options.body === undefined ? null : Buffer.from(options.body);
    const request = send(target, {
      method: options.method,
      agent: target.protocol === "https:" ? agents.https : agents.http,
      headers: payload ? { ...options.headers, "content-length": String(payload.length) } : options.headers,
    });
    const abort = () => request.destroy(Object.assign(new Error("aborted"), { name: "AbortError" }));
    if (options.signal.aborted) return abort();
    options.signal.addEventListener("abort", abort, { once: true });
    request.once("close", () => options.signal.removeEventListener("abort", abort));
    request.once("error", (error) => reject(Object.assign(error, { reusedSocket: request.reusedSocket })));
    request.once("response", (message) => {
      resolve({
        status: message.statusCode ?? 0,
        statusText: message.statusMessage ?? "",
        headers: toHeaders(message),
        body: webBody(message),
      });
    });
    request.end(payload ?? undefined);
  });
}
