import "server-only";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import { sniffImageMime } from "@/lib/answer/image-signature";
import { problemResponse } from "@/lib/server/http/problem-response";
import { refuseWithoutSession } from "@/lib/server/http/request-guards";
import { withRouteContext, type RouteContext } from "@/lib/server/http/route-context";
import { takePictureTurn } from "@/lib/server/limits/picture-turn";
import { pollImageService, type ServiceAnswer } from "@/lib/server/upstream/image-service-client";
import { checkPollGrant } from "@/lib/server/upstream/poll-grant";
import { pollTargetFor } from "@/lib/server/upstream/poll-target";

/**
 * GET /api/image?url=…&grant=…: a picture the service named in an answer, on its own host, that
 * the browser cannot load without the key (a file store answering 401). Fetched with the key only
 * for a URL this server granted when it relayed that answer; answered only when its bytes are a
 * raster image (never SVG, never HTML), within the answer size cap, streamed, and kept briefly by
 * the browser's cache. Scripts in the response are blocked whatever it holds (sandbox, nosniff).
 */

const URL_MAX_CHARS = 4096;
/** The browser keeps a picture this long; the grant it came with lasts a day. */
const CACHE_SECONDS = 600;

export function handleImage(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/image", configResult, (config, context) => image(request, config, context));
}

async function image(request: Request, config: ServerConfig, context: RouteContext): Promise<Response> {
  const { requestId, finish } = context;
  const signedOut = await refuseWithoutSession(request, config, requestId);
  if (signedOut) return finish(signedOut);
  const params = new URL(request.url).searchParams;
  const raw = params.get("url") ?? "";
  if (raw === "" || raw.length > URL_MAX_CHARS) {
    return finish(
      problemResponse("invalid-request", { requestId, detail: `url: send the picture's URL, at most ${URL_MAX_CHARS} characters.` }),
    );
  }
  const allowed = await pollTargetFor(config, raw);
  if (!allowed.ok) return finish(problemResponse("poll-refused", { requestId, detail: `Not fetched: ${allowed.reason}.` }));
  const granted = await checkPollGrant(config.access, new URL(allowed.url), params.get("grant") ?? undefined, Date.now(), "image");
  if (!granted.ok) return finish(problemResponse("poll-not-granted", { requestId, detail: `Not fetched: ${granted.reason}.` }));
  const turn = await takePictureTurn(request, config, requestId);
  if (!turn.ok) return finish(turn.response);
  const { release } = turn;
  let streaming = false;
  try {
    const result = await pollImageService(allowed.target, allowed.url, { limits: config.limits, signal: request.signal });
    if (!result.ok) {
      const kind = result.reason === "timeout" || result.reason === "headers-timeout" ? "service-timeout" : "service-unreachable";
      return finish(problemResponse(kind, { requestId, detail: `The picture could not be fetched: ${result.detail}` }));
    }
    const { answer } = result;
    const refusal = refusalOf(answer, config.limits.answerBytes);
    if (refusal) {
      await answer.rest?.cancel().catch(() => undefined);
      return finish(problemResponse("image-refused", { requestId, detail: refusal }));
    }
    const mime = sniffImageMime(firstBytes(answer)) ?? "application/octet-stream";
    streaming = true;
    return finish(
      new Response(pictureStream(answer, config.limits.answerBytes, release), {
        headers: {
          "content-type": mime,
          "cache-control": `private, max-age=${CACHE_SECONDS}`,
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; sandbox",
          "x-request-id": requestId,
        },
      }),
      { serviceStatus: answer.status },
    );
  } finally {
    if (!streaming) release();
  }
}

function firstBytes(answer: ServiceAnswer): Uint8Array {
  const first = answer.chunks.find((chunk) => chunk.byteLength > 0);
  return first ? first.subarray(0, 32) : new Uint8Array(0);
}

/** Why the service's answer is not passed on as a picture, or null when it is one. */
function refusalOf(answer: ServiceAnswer, maxBytes: number): string | null {
  if (answer.status !== 200) return `The service answered ${answer.status} for this picture.`;
  const declared = Number(answer.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > maxBytes) return `The picture is larger than this playground passes on (${maxBytes} bytes).`;
  if (!sniffImageMime(firstBytes(answer))) {
    const type = answer.headers.get("content-type") ?? "no content type";
    return `The service's answer is not a picture this playground shows (${type.slice(0, 80)}; only PNG, JPEG, GIF, WebP, AVIF and BMP are passed on).`;
  }
  return null;
}

/** The bytes read so far, then the rest as it arrives; cut at the cap; the slot freed at the end either way. */
function pictureStream(answer: ServiceAnswer, maxBytes: number, release: () => void): ReadableStream<Uint8Array> {
  let sent = 0;
  let index = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = index < answer.chunks.length ? answer.chunks[index++] : await readRest(answer);
        if (!chunk) {
          release();
          controller.close();
          return;
        }
        sent += chunk.byteLength;
        if (sent > maxBytes) throw new Error("The picture passed the answer size cap.");
        controller.enqueue(chunk);
      } catch (error) {
        release();
        await answer.rest?.cancel().catch(() => undefined);
        controller.error(error);
      }
    },
    async cancel() {
      release();
      await answer.rest?.cancel().catch(() => undefined);
    },
  });
}

async function readRest(answer: ServiceAnswer): Promise<Uint8Array | null> {
  if (!answer.rest) return null;
  const { done, value } = await answer.rest.read();
  return done ? null : value;
}
