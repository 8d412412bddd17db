import "server-only";
import type { ServerConfig } from "@/lib/server/config/config";
import { clientOf } from "@/lib/server/http/client-address";
import { problemResponse } from "@/lib/server/http/problem-response";
import { acquireGenerationSlot } from "./in-flight-limit";
import { limitStoreFor, takeFailingOpen } from "./client-limits";

/**
 * A turn for the picture routes (a picture fetched with the key, a picture converted): one budget
 * per client for both, generous because a gallery asks for many pictures at once, and a slot
 * among the server's requests in flight like any request that does work for a while.
 */

/** Pictures per generation a client may ask of the playground, per minute. */
const PICTURES_PER_GENERATION = 20;

export type PictureTurn = { ok: true; release: () => void } | { ok: false; response: Response };

export async function takePictureTurn(request: Request, config: ServerConfig, requestId: string): Promise<PictureTurn> {
  const perMinute = config.limits.ratePerMinute * PICTURES_PER_GENERATION;
  const rate = await takeFailingOpen(
    { name: "image", points: perMinute, durationSeconds: 60 },
    limitStoreFor(config.shares),
    clientOf(request, config),
  );
  if (!rate.ok) {
    const detail = `This playground fetches or converts ${perMinute} pictures a minute for each client.`;
    return { ok: false, response: problemResponse("rate-limited", { requestId, detail, retryAfterSeconds: rate.retryAfterSeconds }) };
  }
  const release = acquireGenerationSlot(config.limits.maxInFlight);
  if (!release) {
    const detail = "The playground is running as many requests as it allows.";
    return { ok: false, response: problemResponse("busy", { requestId, detail, retryAfterSeconds: 2 }) };
  }
  return { ok: true, release };
}
