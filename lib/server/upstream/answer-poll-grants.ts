import "server-only";
import { announcedOperation, detectJob } from "@/lib/answer/job-status";
import type { ServerConfig } from "@/lib/server/config/config";
import type { ServiceAnswer } from "./image-service-client";
import { grantPoll } from "./poll-grant";
import { pollTargetFor } from "./poll-target";

/**
 * The polling URLs a job answer names (in its JSON, or in a Location / Operation-Location header),
 * each with a grant the page sends back to /api/poll. Only answers read whole are looked at: a job
 * receipt is small, and a streamed answer is an image on its way, not a job. URLs off the service's
 * origin get no grant (they would be refused anyway), nor does one that holds the key.
 */
export async function pollGrantsFor(
  answer: ServiceAnswer,
  serviceUrl: string,
  apiKey: string,
  config: ServerConfig,
): Promise<Record<string, string>> {
  const candidates = new Set<string>();
  // Named in the headers of an answer accepted for later: resolved as the page resolves them.
  const announced = announcedOperation({
    status: answer.status,
    url: serviceUrl,
    location: answer.headers.get("location") ?? "",
    operationLocation: answer.headers.get("operation-location") ?? "",
  });
  if (announced) candidates.add(announced);
  for (const name of ["location", "operation-location"]) {
    const value = answer.headers.get(name)?.trim();
    if (value) candidates.add(value);
  }
  const pollingUrl = answer.rest ? null : pollingUrlInBody(answer);
  if (pollingUrl) candidates.add(pollingUrl);
  const grants: Record<string, string> = {};
  for (const candidate of candidates) {
    if (apiKey !== "" && candidate.includes(apiKey)) continue;
    const allowed = await pollTargetFor(config, candidate);
    if (allowed.ok) grants[candidate] = await grantPoll(config.access, new URL(allowed.url));
  }
  return grants;
}

function pollingUrlInBody(answer: ServiceAnswer): string | null {
  const first = answer.chunks.find((chunk) => chunk.byteLength > 0);
  // Only a JSON object can be a job receipt; anything else is not parsed at all.
  const start = first ? new TextDecoder().decode(first.subarray(0, 64)).trimStart() : "";
  if (!start.startsWith("{")) return null;
  try {
    const text = new TextDecoder().decode(Buffer.concat(answer.chunks));
    return detectJob(JSON.parse(text))?.pollingUrl?.trim() ?? null;
  } catch {
    return null;
  }
}
