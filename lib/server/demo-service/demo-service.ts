import "server-only";

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { parseAspectRatio } from "@/lib/request/aspect-ratio";
import { jsonProperty } from "@/lib/answer/json-property";
import { paintDemoImage, type DemoStyle } from "./demo-painter";

/**
 * The embedded demo image service: the same HTTP interface as a real one (bearer key, both base
 * forms, JSON errors), answering in the OpenAI-compatible shape so common clients work unchanged.
 */

export const DEMO_STYLES: Record<string, DemoStyle> = {
  "demo-geometric": "geometric",
  "demo-watercolor": "watercolor",
  "demo-pixel": "pixel",
};

const ENDPOINTS = new Set(["/v1/images/generations", "/api/v1/images/generations"]);
const MAX_BODY_BYTES = 64 * 1024;

type DemoAnswer = { status: number; body: unknown; headers?: Record<string, string> };

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
  const model = jsonProperty(body, "model");
  const prompt = jsonProperty(body, "prompt");
  const ratioText = jsonProperty(body, "aspect_ratio");
  const style = typeof model === "string" ? DEMO_STYLES[model] : undefined;
  if (!style) {
    const known = Object.keys(DEMO_STYLES).join(", ");
    return errorAnswer(
      400,
      `The model '${String(model)}' does not exist. Demo models: ${known}.`,
      "invalid_request_error",
      "model_not_found",
    );
  }
  if (typeof prompt !== "string" || prompt.trim() === "") {
    return errorAnswer(400, "prompt is required and must be a non-empty string.", "invalid_request_error", "invalid_prompt");
  }
  const ratio = typeof ratioText === "string" ? parseAspectRatio(ratioText) : null;
  if (!ratio) {
    return errorAnswer(
      422,
      `aspect_ratio must be "W:H" with two positive integers, got ${JSON.stringify(ratioText ?? null)}.`,
      "invalid_request_error",
      "invalid_aspect_ratio",
    );
  }
  const { png } = paintDemoImage(style, prompt, ratio);
  return {
    status: 200,
    body: { created: Math.floor(Date.now() / 1000), data: [{ b64_json: png.toString("base64"), revised_prompt: prompt }] },
  };
}

function send(response: ServerResponse, answer: DemoAnswer, requestId: string): void {
  const payload = JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(payload),
    "x-request-id": requestId,
    ...answer.headers,
  });
  response.end(payload);
}

export type RunningDemoService = { baseUrl: string; apiKey: string; close: () => Promise<void> };

export async function startDemoService(options: { port: number; apiKey: string }): Promise<RunningDemoService> {
  const server: Server = createServer((request, response) => {
    const requestId = `demo-${randomUUID()}`;
    answerDemoRequest(request, options.apiKey)
      .then((answer) => send(response, answer, requestId))
      .catch(() => send(response, errorAnswer(500, "The demo service failed.", "server_error", "internal"), requestId));
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
