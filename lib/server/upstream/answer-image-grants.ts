import "server-only";
import { interpretAnswer } from "@/lib/answer/interpret-answer";
import type { ServerConfig } from "@/lib/server/config/config";
import type { ServiceAnswer } from "./image-service-client";
import { grantPoll } from "./poll-grant";
import { pollTargetFor } from "./poll-target";

/**
 * Pictures an answer names on the service's own host, each with a grant for /api/image: a file
 * store behind the key answers the browser 401, so the page can ask the server to fetch the
 * picture with the key instead. Only URLs that came in this answer, only on the service's origin,
 * never one holding the key; other hosts never see the key (the browser loads them itself).
 * Only answers read whole are looked at; large streamed answers carry their pictures inline.
 */

/** More than any gallery: a hostile answer naming thousands of URLs gets grants for the first ones only. */
const MAX_IMAGE_GRANTS = 64;
/** Below this an answer is read at once (a few ms); above it only when it may name such a picture. */
const ALWAYS_READ_BYTES = 256 * 1024;

export async function imageGrantsFor(
  answer: ServiceAnswer,
  serviceUrl: string,
  apiKey: string,
  config: ServerConfig,
): Promise<Record<string, string>> {
  if (answer.rest || answer.status < 200 || answer.status >= 300) return {};
  const bytes = new Uint8Array(Buffer.concat(answer.chunks));
  if (bytes.length > ALWAYS_READ_BYTES && !mayNameServicePicture(bytes, serviceUrl)) return {};
  const read = interpretAnswer(bytes, answer.headers.get("content-type") ?? "", serviceUrl);
  const urls = new Set([
    ...read.images.flatMap((image) => (image.source.kind === "url" ? [image.source.url] : [])),
    ...read.uncertain.map((candidate) => candidate.url),
  ]);
  const grants: Record<string, string> = {};
  for (const url of [...urls].slice(0, MAX_IMAGE_GRANTS)) {
    if (apiKey !== "" && url.includes(apiKey)) continue;
    const allowed = await pollTargetFor(config, url);
    if (allowed.ok) grants[url] = await grantPoll(config.access, new URL(allowed.url), Date.now(), "image");
  }
  return grants;
}

/** The service's host, or a string starting with "/" (a path relative to it), appears in the answer. */
function mayNameServicePicture(bytes: Uint8Array, serviceUrl: string): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let host = "";
  try {
    host = new URL(serviceUrl).host;
  } catch {
    return false;
  }
  return buffer.includes(host) || buffer.includes('"/');
}
