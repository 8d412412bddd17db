import "server-only";
import { jsonString } from "@/lib/answer/json-property";
import { clientAddress } from "@/lib/server/http/client-address";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import { pollImageService } from "@/lib/server/upstream/image-service-client";
import { acquireGenerationSlot } from "@/lib/server/limits/in-flight-limit";
import { pollTargetFor } from "@/lib/server/upstream/poll-target";
import { problemResponse } from "@/lib/server/http/problem-response";
import { limitStoreFor, takeFailingOpen } from "@/lib/server/limits/client-limits";
import { relayServiceResult } from "@/lib/server/upstream/relay-answer";
import { readGuardedJson } from "@/lib/server/http/request-guards";
import { withRouteContext, type RouteContext } from "@/lib/server/http/route-context";

/**
 * POST /api/poll {"url"}: fetches a job's polling URL with the bearer key, for answers that are
 * jobs rather than images. The same guards and limits as generating; the URL must be on the
 * service's own origin.
 */

/** Polls are cheap for the service and come every few seconds: a more generous budget than generations. */
const POLLS_PER_GENERATION = 6;

export function handlePoll(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/poll", configResult, (config, context) => poll(request, config, context));
}

async function poll(request: Request, config: ServerConfig, context: RouteContext): Promise<Response> {
  const { requestId, finish } = context;
  const guarded = await readGuardedJson(request, config, context);
  if (!guarded.ok) return guarded.response;
  const raw = jsonString(guarded.payload, "url");
  if (raw === undefined) {
    return finish(
      problemResponse("invalid-request", {
        requestId,
        detail: "url: Send the polling URL as a string.",
        errors: { url: ["Send the polling URL as a string."] },
      }),
    );
  }
  const allowed = await pollTargetFor(config, raw.trim());
  if (!allowed.ok) return finish(problemResponse("poll-refused", { requestId, detail: `Not fetched: ${allowed.reason}.` }));

  const perMinute = config.limits.ratePerMinute * POLLS_PER_GENERATION;
  const rate = await takeFailingOpen(
    { name: "poll", points: perMinute, durationSeconds: 60 },
    limitStoreFor(config.shares),
    clientAddress(request.headers, config.trustProxyHops),
  );
  if (!rate.ok) {
    return finish(
      problemResponse("rate-limited", {
        requestId,
        detail: `This playground allows ${perMinute} job checks a minute from each client.`,
        retryAfterSeconds: rate.retryAfterSeconds,
      }),
    );
  }
  const release = acquireGenerationSlot(config.limits.maxInFlight);
  if (!release)
    return finish(
      problemResponse("busy", { requestId, detail: "The playground is running as many requests as it allows.", retryAfterSeconds: 2 }),
    );
  try {
    const result = await pollImageService(allowed.target, allowed.url, { limits: config.limits, signal: request.signal });
    return relayServiceResult(result, allowed.target.apiKey, config, {
      ...context,
      signal: request.signal,
      logged: { bytesIn: guarded.size },
      release,
    });
  } catch (error) {
    release();
    throw error;
  }
}
