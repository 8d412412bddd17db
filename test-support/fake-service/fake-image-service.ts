import { createServer, type IncomingMessage } from "node:http";
import { jsonString, parseJsonOrUndefined } from "../../lib/answer/json-property";
import { BEHAVIOURS, json, samplePng } from "./behaviours";
import { ENCODED_BEHAVIOURS, releaseHeldStream, STREAM_BEHAVIOURS } from "./encoded-behaviours";
import { ENCODED_BENCH_BEHAVIOURS } from "./bench-encoded-payloads";
import { answerJobPoll, HOSTILE_JOB_MODELS, JOB_MODELS, submitJob } from "./fake-jobs";
import { announceOperation, answerOperationPoll, OPERATION_MODELS } from "./fake-operations";

export { samplePng };

/**
 * A fake image service on loopback for route tests and e2e. It checks the bearer key like a real
 * service and misbehaves on request: the model name picks the behaviour ("fake-hang", "fake-reset",
 * ...), so parallel tests need no shared switches. Every request is recorded, including whether the
 * caller went away before the answer (an abort that reached the service).
 */

export type RecordedRequest = {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  model: string;
  closedEarly: boolean;
};

export type FakeServiceOptions = { port?: number; apiKey: string; forms?: ("host" | "api")[] };

export type FakeService = {
  url: string;
  requests: RecordedRequest[];
  close: () => Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

function modelOf(body: string): string {
  return jsonString(parseJsonOrUndefined(body), "model") ?? "";
}

export async function startFakeImageService(options: FakeServiceOptions): Promise<FakeService> {
  const forms = options.forms ?? ["host", "api"];
  const endpoints = new Set<string>(forms.map((form) => (form === "api" ? "/api/v1/images/generations" : "/v1/images/generations")));
  const requests: RecordedRequest[] = [];
  let base = "";

  const server = createServer(async (request, response) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    if (request.method === "GET" && path === "/__requests") return json(response, 200, requests);
    if (request.method === "GET" && path.startsWith("/files/")) {
      response.writeHead(200, { "content-type": "image/png", "access-control-allow-origin": "*" });
      return response.end(samplePng(200, 100, [90, 200, 120]));
    }
    if (request.method === "GET" && path.startsWith("/keyed-files/")) {
      // A file store behind the key, as several services keep their outputs: 401 without it.
      requests.push({ path, headers: request.headers, body: "", model: "", closedEarly: false });
      if (request.headers.authorization !== `Bearer ${options.apiKey}`) return json(response, 401, { error: { message: "Unauthorized." } });
      if (path.endsWith(".html")) {
        response.writeHead(200, { "content-type": "text/html" });
        return response.end("<!doctype html><script>alert(document.cookie)</script>");
      }
      response.writeHead(200, { "content-type": "image/png" });
      return response.end(samplePng(180, 120, [230, 160, 40]));
    }
    if (request.method === "GET" && path.startsWith("/closed-files/")) {
      // Shown by an <img>, but not readable by the page's scripts: no CORS header.
      response.writeHead(200, { "content-type": "image/png" });
      return response.end(samplePng(100, 200, [200, 90, 120]));
    }
    const body = await readBody(request);
    if (request.method === "POST" && path === "/__release") {
      const released = releaseHeldStream(jsonString(parseJsonOrUndefined(body), "prompt") ?? "");
      return json(response, released ? 200 : 404, { released });
    }
    if (answerJobPoll(request, response, path, base) || answerOperationPoll(request, response, path, base)) {
      requests.push({ path, headers: request.headers, body, model: "", closedEarly: false });
      return;
    }
    const record: RecordedRequest = { path, headers: request.headers, body, model: modelOf(body), closedEarly: false };
    requests.push(record);
    response.on("close", () => {
      if (!response.writableFinished) record.closedEarly = true;
    });
    if (!endpoints.has(path)) return json(response, 404, { error: { message: `Not found: ${path}` } });
    const authorization = request.headers.authorization ?? "";
    if (authorization !== `Bearer ${options.apiKey}`) return json(response, 401, { error: { message: "Missing or wrong bearer key." } });
    const jobOutcome = JOB_MODELS.get(record.model);
    if (jobOutcome) return submitJob(response, base, jobOutcome);
    const operation = OPERATION_MODELS[record.model];
    if (operation) return announceOperation(response, base, operation);
    const hostile = HOSTILE_JOB_MODELS[record.model];
    if (hostile) return json(response, 202, { id: "hostile", status: "queued", polling_url: hostile(base) });
    const behaviour =
      BEHAVIOURS[record.model] ??
      ENCODED_BEHAVIOURS[record.model] ??
      STREAM_BEHAVIOURS[record.model] ??
      ENCODED_BENCH_BEHAVIOURS[record.model];
    if (!behaviour)
      return json(response, 400, { error: { message: `The model '${record.model}' does not exist.`, code: "model_not_found" } });
    behaviour({ request, response, base, authorization, body });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the fake service has no TCP address");
  base = `http://127.0.0.1:${address.port}`;
  return {
    url: base,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
