import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { AccessConfig } from "@/lib/server/config/config";
import { serverSecret } from "@/lib/server/access/server-secret";

/**
 * Poll grants: /api/poll fetches a URL with the key only when the service itself named that URL in
 * an answer this server relayed. The relay signs each such URL (HMAC with the server's secret over
 * the URL, its origin and an expiry) and the page sends the grant back with the URL. Anything else
 * (a URL typed by hand, a billing endpoint on the same host) is refused: the key is not a general
 * pass to the service's GET endpoints.
 */

/** Long enough to resume a job from history the next day; short enough that a leaked grant goes stale. */
export const POLL_GRANT_HOURS = 24;
/** A grant is a few dozen characters; anything longer is refused before the pattern runs. */
const GRANT_MAX_CHARS = 100;
const GRANT = /^v1\.(\d{1,16})\.([\w-]{43})$/;

/**
 * What a grant lets the server fetch with the key: a job's polling URL ("poll"), or a picture the
 * answer named on the service's own host that the browser cannot load without the key ("image").
 * Each purpose signs apart, so a grant for one never opens the other.
 */
export type GrantPurpose = "poll" | "image";

function signature(secret: string, purpose: GrantPurpose, url: URL, expiresAt: number): string {
  return createHmac("sha256", secret).update(`${purpose}\n${url.origin}\n${url.href}\n${expiresAt}`).digest("base64url");
}

export async function grantPoll(access: AccessConfig, url: URL, now = Date.now(), purpose: GrantPurpose = "poll"): Promise<string> {
  const expiresAt = now + POLL_GRANT_HOURS * 3600_000;
  return `v1.${expiresAt}.${signature(await serverSecret(access), purpose, url, expiresAt)}`;
}

export type GrantCheck = { ok: true } | { ok: false; reason: string };

export async function checkPollGrant(
  access: AccessConfig,
  url: URL,
  grant: string | undefined,
  now = Date.now(),
  purpose: GrantPurpose = "poll",
): Promise<GrantCheck> {
  if (!grant) return { ok: false, reason: "it comes with no grant: only URLs that the service named in an answer are fetched" };
  const match = grant.length <= GRANT_MAX_CHARS ? GRANT.exec(grant) : null;
  if (!match?.[1] || !match[2]) return { ok: false, reason: "its grant is not one this playground issues" };
  const expiresAt = Number(match[1]);
  const expected = Buffer.from(signature(await serverSecret(access), purpose, url, expiresAt));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: "its grant does not match it: the service did not name this URL in an answer relayed here" };
  }
  if (expiresAt <= now) return { ok: false, reason: `its grant expired (grants last ${POLL_GRANT_HOURS} hours); generate again` };
  return { ok: true };
}
