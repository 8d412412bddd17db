import type { IncomingMessage, ServerResponse } from "node:http";
import { zipSync } from "fflate";
import sharp from "sharp";
import { HEIC_BASE64 } from "../sample-images";
import { encodePng } from "../../lib/node/png-encoder";
import { ANSWER_CORPUS } from "../answer-corpus";
import { BENCH_BEHAVIOURS } from "./bench-payloads";

/** What the fake image service does for each model name: answer well, badly, slowly, or not at all. */

/** A small real PNG of a given size, so the page can measure what it shows. */
export function samplePng(width = 64, height = 48, colour: [number, number, number] = [40, 160, 220]): Buffer {
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set(colour, i * 3);
  return encodePng(width, height, pixels);
}

export function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

export type Behaviour = (context: {
  request: IncomingMessage;
  response: ServerResponse;
  base: string;
  authorization: string;
  body: string;
}) => void;

/** "fake-corpus-3" answers with the fourth documented answer of the corpus, as a real service would. */
const CORPUS_BEHAVIOURS: Record<string, Behaviour> = Object.fromEntries(
  ANSWER_CORPUS.map((entry, index) => [
    `fake-corpus-${index}`,
    ({ response }: { response: ServerResponse }) => json(response, 200, entry.body),
  ]),
);

const seenOnce = new Set<string>();
/** Requests "fake-policy-once" has refused: the next time they come, they are drawn. */
const refusedOnce = new Set<string>();

export const BEHAVIOURS: Record<string, Behaviour> = {
  ...BENCH_BEHAVIOURS,
  ...CORPUS_BEHAVIOURS,
  "fake-unlabelled-url": ({ response, base }) =>
    json(response, 200, { foo: { bar: `${base}/files/unlabelled` }, homepage: `${base}/about` }),
  "fake-gallery": ({ response, base }) =>
    json(response, 200, {
      data: [
        { url: `${base}/files/first.png` },
        { b64_json: samplePng(90, 60, [200, 60, 60]).toString("base64") },
        { b64_json: `data:image/png;base64,${samplePng(60, 90, [60, 60, 200]).toString("base64")}` },
      ],
    }),
  // Pictures in a file store that wants the key (the browser alone gets 401).
  "fake-keyed-url": ({ response, base }) => json(response, 200, { created: 1, data: [{ url: `${base}/keyed-files/result.png` }] }),
  "fake-keyed-relative": ({ response }) => json(response, 200, { created: 1, data: [{ url: "/keyed-files/relative.png" }] }),
  "fake-keyed-elsewhere": ({ response, base }) =>
    json(response, 200, { created: 1, data: [{ url: `${base.replace("127.0.0.1", "127.0.0.2")}/keyed-files/elsewhere.png` }] }),
  "fake-keyed-not-image": ({ response, base }) =>
    json(response, 200, { created: 1, data: [{ image_url: `${base}/keyed-files/page.html` }] }),
  // Names its picture relative to itself, as a self-hosted server's file route does.
  "fake-relative-url": ({ response }) => json(response, 200, { created: 1, data: [{ url: "/files/relative.png" }] }),
  "fake-url": ({ response, base }) => json(response, 200, { created: 1, data: [{ url: `${base}/files/result.png` }] }),
  // On a host other than the service's (same server, another name): shown by an <img>, its bytes
  // unreadable by the page, and not the playground's to fetch (only the service's own host is).
  "fake-url-closed": ({ response, base }) =>
    json(response, 200, { created: 1, data: [{ url: `${base.replace("127.0.0.1", "localhost")}/closed-files/result.png` }] }),
  // Metadata and the picture in one multipart/related answer, the picture as a binary part.
  "fake-multipart": ({ response }) => {
    const boundary = "=_playground_7f3";
    response.writeHead(200, { "content-type": `multipart/related; type="application/json"; boundary="${boundary}"` });
    response.end(
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ created: 1, seed: 7 })}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Type: image/png\r\nContent-ID: <image-0>\r\n\r\n`),
        samplePng(140, 70, [120, 40, 160]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    );
  },
  // A TIFF (as scanners and some pipelines write), which Chromium cannot show by itself.
  "fake-tiff": async ({ response }) => {
    const tiff = await sharp({ create: { width: 150, height: 100, channels: 3, background: "#2a9d8f" } })
      .tiff()
      .toBuffer();
    json(response, 200, { created: 1, data: [{ b64_json: tiff.toString("base64") }] });
  },
  // A phone's picture: HEIC (HEVC-coded), which Chromium cannot show by itself.
  "fake-heic": ({ response }) => json(response, 200, { created: 1, data: [{ b64_json: HEIC_BASE64 }] }),
  // A batch download: three pictures and a manifest in one zip.
  "fake-zip": ({ response }) => {
    const pictures = [samplePng(120, 90, [200, 60, 60]), samplePng(90, 120, [60, 200, 60]), samplePng(100, 100, [60, 60, 200])];
    const files = Object.fromEntries(pictures.map((bytes, index) => [`outputs/${index}.png`, new Uint8Array(bytes)]));
    const archive = zipSync({ ...files, "manifest.json": new TextEncoder().encode(JSON.stringify({ count: 3 })) }, { level: 0 });
    response.writeHead(200, { "content-type": "application/zip", "content-disposition": 'attachment; filename="batch.zip"' });
    response.end(archive);
  },
  // An XML service: the picture as MIME-wrapped base64 inside an element, no data: prefix.
  "fake-xml": ({ response }) => {
    const base64 = samplePng(120, 80, [60, 90, 220])
      .toString("base64")
      .replace(/(.{76})/g, "$1\r\n");
    response.writeHead(200, { "content-type": "application/xml; charset=utf-8" });
    response.end(
      `<?xml version="1.0"?>\n<GenerateImageResponse>\n  <Image mimeType="image/png">\n${base64}\n  </Image>\n</GenerateImageResponse>\n`,
    );
  },
  // An XML answer whose base64 is a text, not a picture: nothing may be shown as one.
  "fake-xml-not-image": ({ response }) => {
    response.writeHead(200, { "content-type": "application/xml" });
    response.end(`<Response><Token>${Buffer.from("not a picture at all, ".repeat(8)).toString("base64")}</Token></Response>`);
  },
  "fake-b64": ({ response }) =>
    json(response, 200, { created: 1, data: [{ b64_json: samplePng(160, 90, [220, 90, 40]).toString("base64") }] }),
  "fake-policy": ({ response }) =>
    json(response, 400, {
      error: {
        message: "Your request was rejected by the safety system (content_policy_violation).",
        type: "invalid_request_error",
        code: "content_policy_violation",
      },
    }),
  "fake-unauthorized": ({ response }) =>
    json(response, 401, { error: { message: "Incorrect API key provided.", code: "invalid_api_key" } }),
  "fake-echo-key": ({ response, authorization }) => json(response, 401, { error: { message: `Key rejected: ${authorization}` } }),
  // "Too many requests, retry after 1 s" the first time a request is seen, an image after that.
  "fake-429-once": ({ response, body }) => {
    if (seenOnce.has(body))
      return json(response, 200, { created: 1, data: [{ b64_json: samplePng(90, 90, [40, 200, 90]).toString("base64") }] });
    seenOnce.add(body);
    json(response, 429, { error: { message: "Rate limit reached, retry shortly." } }, { "retry-after": "1" });
  },
  "fake-policy-once": ({ response, body }) => {
    // Refused the first time a request is seen (not worth trying again by itself), drawn slowly after:
    // what "Retry failed rows" is for.
    if (!refusedOnce.has(body)) {
      refusedOnce.add(body);
      return json(response, 400, {
        error: { message: "Rejected this time (content_policy_violation).", code: "content_policy_violation" },
      });
    }
    setTimeout(() => json(response, 200, { data: [{ b64_json: samplePng(90, 90, [200, 90, 40]).toString("base64") }] }), 3000);
  },
  "fake-rate-limit": ({ response }) => json(response, 429, { error: { message: "Too many requests, slow down." } }, { "retry-after": "7" }),
  "fake-html-500": ({ response }) => {
    response.writeHead(500, { "content-type": "text/html" });
    response.end("<html><body><h1>Internal Server Error</h1></body></html>");
  },
  "fake-text": ({ response }) => {
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("queued, come back later");
  },
  "fake-image-body": ({ response }) => {
    response.writeHead(200, { "content-type": "application/octet-stream" });
    response.end(samplePng(120, 80));
  },
  "fake-hang": () => {
    // Accepts the request and never answers: only a timeout or the caller's abort ends it.
  },
  "fake-reset": ({ request }) => request.socket.destroy(),
  "fake-stall": ({ response }) => {
    // Headers and the start of a body, then silence.
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"data": [');
  },
  "fake-drip": ({ response }) => {
    response.writeHead(200, { "content-type": "application/json" });
    const timer = setInterval(() => response.write(" "), 100);
    response.on("close", () => clearInterval(timer));
  },
  "fake-reset-mid-body": ({ request, response }) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write('{"data": [{"b64_json": "iVBORw0KGgo');
    setTimeout(() => request.socket.destroy(), 20);
  },
  "fake-short-body": ({ request, response }) => {
    // Promises 1000 bytes, sends 12, and closes the connection.
    response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
    response.write('{"data": []}', () => request.socket.end());
  },
  "fake-bad-json": ({ response }) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"data": [{"url": "https://cdn.example.com/a.png"}');
  },
  "fake-empty": ({ response }) => {
    response.writeHead(200, { "content-length": "0" });
    response.end();
  },
  "fake-huge": ({ response }) => {
    // Declares 2 MiB; sends it only if the caller keeps reading.
    response.writeHead(200, { "content-type": "application/json", "content-length": String(2 * 1024 * 1024) });
    response.end(Buffer.alloc(2 * 1024 * 1024, 0x20));
  },
  "fake-huge-chunked": ({ response }) => {
    response.writeHead(200, { "content-type": "application/json" });
    let sent = 0;
    const writeMore = () => {
      while (sent < 8 * 1024 * 1024) {
        sent += 64 * 1024;
        if (!response.write(Buffer.alloc(64 * 1024, 0x20))) return void response.once("drain", writeMore);
      }
      response.end();
    };
    writeMore();
  },
  "fake-redirect": ({ response, base }) => {
    response.writeHead(302, { location: `${base}/elsewhere/generations`, "content-type": "text/plain" });
    response.end("Moved");
  },
  "fake-set-cookie": ({ response }) =>
    json(
      response,
      200,
      { data: [{ b64_json: samplePng().toString("base64") }] },
      { "set-cookie": "tracker=1; Path=/", "x-request-id": "svc-123" },
    ),
  "fake-hostile": ({ response }) => {
    const svgWithScript = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><script>alert("svg")</script><rect width="40" height="20" fill="red"/></svg>',
    ).toString("base64");
    json(response, 200, {
      data: [
        { url: "javascript:alert('url')" },
        { url: "data:text/html;base64,PHNjcmlwdD5hbGVydCgnaHRtbCcpPC9zY3JpcHQ+" },
        { b64_json: `data:image/svg+xml;base64,${svgWithScript}` },
        { revised_prompt: "<img src=x onerror=alert('onerror')>" },
      ],
      huge: "A".repeat(5 * 1024 * 1024),
    });
  },
  "fake-deep": ({ response }) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(`${"[".repeat(10_000)}"the bottom"${"]".repeat(10_000)}`);
  },
  "fake-echo": ({ response, body }) => {
    // Answers after a random 0-200 ms with the request it received, so a load test can match them up.
    setTimeout(() => json(response, 200, { echo: JSON.parse(body) as unknown, data: [] }), Math.random() * 200);
  },
  "fake-large-echo-key": ({ response, authorization }) => {
    // 3 MB, streamed past the playground's buffer, with the key echoed deep inside.
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ filler: "x".repeat(2 * 1024 * 1024), echoed: authorization, more: "y".repeat(1024 * 1024) }));
  },
  "fake-large-then-reset": ({ request, response }) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write(`{"filler": "${"x".repeat(2 * 1024 * 1024)}`, () => setTimeout(() => request.socket.destroy(), 50));
  },
  "fake-slow": ({ response }) => {
    setTimeout(() => json(response, 200, { data: [{ b64_json: samplePng().toString("base64") }] }), 1500);
  },
};
