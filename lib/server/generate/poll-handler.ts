import "server-only";
import { jsonString } from "@/lib/answer/json-property";
import { clientOf } from "@/lib/server/http/client-address";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import { pollImageService, type ServiceTarget } from "@/lib/server/upstream/image-service-client";
import { acquireGenerationSlot } from "@/lib/server/limits/in-flight-limit";
import { pollTargetFor } from "@/lib/server/upstream/poll-target";
import { checkPollGrant } from "@/lib/server/upstream/poll-grant";
import { problemResponse } from "@/lib/server/http/problem-response";
import { limitStoreFor, takeFailingOpen } from "@/lib/server/limits/client-limits";
import { relayServiceResult } from "@/lib/server/upstream/relay-answer";
import { readGuardedJson } from "@/lib/server/http/request-guards";
import { withRouteContext, type RouteContext } from "@/lib/server/http/route-context";

/**
 * POST /api/poll {"url", "grant"}: fetches a job's polling URL with the bearer key, for answers
 * that are jobs rather than images. The same guards and limits as generating; the URL must be on
 * the service's own origin and come with the grant the relay issued when the service named it.
 */

/** Polls are cheap for the service and come every few seconds: a more generous budget than generations. */
const POLLS_PER_GENERATION = 6;
/** Longer than any real polling URL; longer ones are refused before they are parsed. */
const URL_MAX_CHARS = 4096;

const NO_SLOT: () => void = () => undefined;

export function handlePoll(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/poll", configResult, (config, context) => poll(request, config, context));
}

async function poll(request: Request, config: ServerConfig, context: RouteContext): Promise<Response> {
  const { requestId, finish } = context;
  const perMinute = config.limits.ratePerMinute * POLLS_PER_GENERATION;
  let release = NO_SLOT;
  const guarded = await readGuardedJson(request, config, context, async () => {
    const rate = await takeFailingOpen(
      { name: "poll", points: perMinute, durationSeconds: 60 },
      limitStoreFor(config.shares),
      clientOf(request, config),
    );
    if (!rate.ok) {
      const detail = `This playground allows ${perMinute} job checks a minute from each client.`;
      return finish(problemResponse("rate-limited", { requestId, detail, retryAfterSeconds: rate.retryAfterSeconds }));
    }
    const slot = acquireGenerationSlot(config.limits.maxInFlight);
    if (!slot) {
      const detail = "The playground is running as many requests as it allows.";
      return finish(problemResponse("busy", { requestId, detail, retryAfterSeconds: 2 }));
    }
    release = slot;
    return null;
  });
  const slot = release;
  if (!guarded.ok) {
    slot();
    return guarded.response;
  }
  try {
    const refusal = await refusePoll(guarded.payload, config, requestId);
    if (!refusal.ok) {
      slot();
      return finish(refusal.response);
    }
    const { target, url } = refusal;
    const result = await pollImageService(target, url, { limits: config.limits, signal: request.signal });
    return await relayServiceResult(result, target.apiKey, config, {
      ...context,
      signal: request.signal,
      logged: { bytesIn: guarded.size },
      release: slot,
      // A job's images were counted against the budget when it was started (as asked for).
      account: () => undefined,
    });
  } catch (error) {
    slot();
    throw error;
  }
}

type Checked = { ok: true; url: string; target: ServiceTarget } | { ok: false; response: Response };

/** The URL must be a string, on the service's origin, and granted by an answer relayed here. */
async function refusePoll(payload: unknown, config: ServerConfig, requestId: string): Promise<Checked> {
  const raw = jsonString(payload, "url");
  if (raw === undefined || raw.length > URL_MAX_CHARS) {
    const message = `Send the polling URL as a string of at most ${URL_MAX_CHARS} characters.`;
    return {
      ok: false,
      response: problemResponse("invalid-request", { requestId, detail: `url: ${message}`, errors: { url: [message] } }),
    };
  }
  const allowed = await pollTargetFor(config, raw.trim());
  if (!allowed.ok)
    return { ok: false, response: problemResponse("poll-refused", { requestId, detail: `Not fetched: ${allowed.reason}.` }) };
  const granted = await checkPollGrant(config.access, new URL(allowed.url), jsonString(payload, "grant"));
  if (!granted.ok) {
    return { ok: false, response: problemResponse("poll-not-granted", { requestId, detail: `Not fetched: ${granted.reason}.` }) };
  }
  return { ok: true, url: allowed.url, target: allowed.target };
}
