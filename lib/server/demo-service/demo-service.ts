import "server-only";

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { dimensionsForLongSide } from "@/lib/request/aspect-ratio";
import { DEMO_LONG_SIDE, paintDemoImage } from "./demo-painter";
import { readDemoJob, variationFor, type DemoJob } from "./demo-request";
import { DEMO_FILES_PATH, demoFile, keepDemoFile } from "./demo-files";

/**
 * The embedded demo image service: the same HTTP interface as a real one (bearer key, both base
 * forms, JSON errors), answering in the OpenAI-compatible shape so common clients work unchanged:
 * several pictures (`n`), a `size` instead of a ratio, a `seed`, pictures as URLs served from its
 * own address, and `stream: true` with partial pictures as server-sent events.
 */

export { DEMO_STYLES } from "./demo-request";

const ENDPOINTS = new Set(["/v1/images/generations", "/api/v1/images/generations"]);
const MAX_BODY_BYTES = 64 * 1024;
/** Between a stream's events, so that a person watching sees the picture sharpen. */
const STREAM_STEP_MS = 250;

type DemoAnswer =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { status: 200; events: (write: (name: string, data: unknown) => boolean) => Promise<void> };

function errorAnswer(status: number, message: string, type: string, code: string): DemoAnswer {
  return { status, body: { error: { message, type, code } } };
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function answerDemoRequest(request: IncomingMessage, apiKey: string): Promise<DemoAnswer> {
  const path = (request.url ?? "/").split("?")[0]?.replace(/\/+$/, "") ?? "";
  if (!ENDPOINTS.has(path)) return errorAnswer(404, `No endpoint at ${path || "/"}.`, "not_found_error", "not_found");
  if (request.method !== "POST") {
    return { ...errorAnswer(405, "Use POST.", "invalid_request_error", "method_not_allowed"), headers: { allow: "POST" } };
  }
  const authorization = request.headers.authorization ?? "";
  if (!authorization.startsWith("Bearer ")) {
    return errorAnswer(401, "Missing bearer key: send Authorization: Bearer <key>.", "authentication_error", "missing_api_key");
  }
  if (authorization !== `Bearer ${apiKey}`) {
    return errorAnswer(401, "Incorrect API key provided.", "authentication_error", "invalid_api_key");
  }
  const text = await readBody(request);
  if (text === null) return errorAnswer(413, "The request body is larger than 64 KiB.", "invalid_request_error", "body_too_large");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return errorAnswer(400, "The request body is not valid JSON.", "invalid_request_error", "invalid_json");
  }
  const read = readDemoJob(body);
  if (!read.ok) return errorAnswer(read.refusal.status, read.refusal.message, "invalid_request_error", read.refusal.code);
  const { job } = read;
  const origin = `http://${request.headers.host ?? "127.0.0.1"}`;
  if (job.stream) return { status: 200, events: (write) => streamPictures(job, write) };
  const created = Math.floor(Date.now() / 1000);
  const data = Array.from({ length: job.count }, (_, index) => {
    const { png } = paintDemoImage(job.style, job.prompt, job.ratio, { variation: variationFor(job, index) });
    const picture =
      job.responseFormat === "url" ? { url: `${origin}${DEMO_FILES_PATH}${keepDemoFile(png)}` } : { b64_json: png.toString("base64") };
    return { ...picture, revised_prompt: job.prompt };
  });
  return { status: 200, body: { created, data } };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * OpenAI's image stream: for each picture, `partial_images` coarse versions
 * (`image_generation.partial_image`), then `image_generation.completed` with the final one.
 */
async function streamPictures(job: DemoJob, write: (name: string, data: unknown) => boolean): Promise<void> {
  const { width, height } = dimensionsForLongSide(job.ratio, DEMO_LONG_SIDE);
  const common = { size: `${width}x${height}`, quality: "auto", background: "opaque", output_format: "png" };
  for (let index = 0; index < job.count; index++) {
    const variation = variationFor(job, index);
    for (let step = 0; step < job.partialImages; step++) {
      const { png } = paintDemoImage(job.style, job.prompt, job.ratio, { variation, coarseLongSide: 12 * 2 ** step });
      const type = "image_generation.partial_image";
      const created_at = Math.floor(Date.now() / 1000);
      if (!write(type, { type, b64_json: png.toString("base64"), created_at, ...common, partial_image_index: step })) return;
      await pause(STREAM_STEP_MS);
    }
    const { png } = paintDemoImage(job.style, job.prompt, job.ratio, { variation });
    const type = "image_generation.completed";
    if (!write(type, { type, b64_json: png.toString("base64"), created_at: Math.floor(Date.now() / 1000), ...common })) return;
  }
}

function send(response: ServerResponse, answer: DemoAnswer, requestId: string): Promise<void> | void {
  if ("events" in answer) {
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "x-request-id": requestId });
    const write = (name: string, data: unknown) => {
      if (response.destroyed) return false;
      response.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      return true;
    };
    return answer.events(write).then(() => void response.end());
  }
  const payload = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(payload),
    "x-request-id": requestId,
    ...answer.headers,
  });
  response.end(payload);
}

/** A picture answered as a URL: no key needed, as a real service's signed storage link. */
function sendFile(request: IncomingMessage, response: ServerResponse): boolean {
  const path = (request.url ?? "/").split("?")[0] ?? "";
  if (request.method !== "GET" || !path.startsWith(DEMO_FILES_PATH)) return false;
  const png = demoFile(path.slice(DEMO_FILES_PATH.length));
  if (!png) {
    response.writeHead(404, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { message: "No such file (they are kept for an hour).", code: "not_found" } }));
    return true;
  }
  response.writeHead(200, { "content-type": "image/png", "content-length": png.length, "cache-control": "private, max-age=3600" });
  response.end(png);
  return true;
}

export type RunningDemoService = { baseUrl: string; apiKey: string; close: () => Promise<void> };

export async function startDemoService(options: { port: number; apiKey: string }): Promise<RunningDemoService> {
  const server: Server = createServer((request, response) => {
    if (sendFile(request, response)) return;
    const requestId = `demo-${randomUUID()}`;
    answerDemoRequest(request, options.apiKey)
      .then((answer) => send(response, answer, requestId))
      .catch(() => {
        if (response.headersSent) response.destroy();
        else void send(response, errorAnswer(500, "The demo service failed.", "server_error", "internal"), requestId);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the demo service has no TCP address");
  const { port } = address;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: options.apiKey,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
