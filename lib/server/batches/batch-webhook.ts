import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { EndedBatch } from "./batch-rows-store";

/**
 * The call a batch makes when it ends, to the URL its author gave: only to hosts the server allows
 * (PLAYGROUND_WEBHOOK_HOSTS), never following redirects, signed so the receiver knows it came from
 * this playground, and tried again with backoff when the receiver is down or answers 5xx.
 *
 * Signature: `X-Playground-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 * with the batch's webhook secret (given once, when the batch is made).
 */

export const SIGNATURE_HEADER = "x-playground-signature";
/** Waits between tries: the receiver gets four chances in about half a minute. */
export const WEBHOOK_RETRY_DELAYS_MS = [1000, 5000, 25_000];
const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * A batch ended this long ago whose webhook has no outcome was not called to the end: its server
 * stopped first. Past the longest a call can take (every try timing out, with the waits between).
 */
export const WEBHOOK_UNANSWERED_AFTER_MS =
  2 * ((WEBHOOK_RETRY_DELAYS_MS.length + 1) * WEBHOOK_TIMEOUT_MS + WEBHOOK_RETRY_DELAYS_MS.reduce((total, ms) => total + ms, 0));

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;

/** Why a webhook URL is refused, or null when the server may call it. */
export function webhookRefusal(raw: string, allowedHosts: readonly string[]): string | null {
  if (allowedHosts.length === 0) return "this playground calls no webhooks (PLAYGROUND_WEBHOOK_HOSTS is not set)";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "the webhook is not an absolute URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "a webhook is an http or https URL";
  if (url.username || url.password) return "a webhook URL carries no user name or password";
  if (!allowedHosts.includes(url.hostname.toLowerCase()))
    return `${url.hostname} is not among the hosts webhooks may call (PLAYGROUND_WEBHOOK_HOSTS)`;
  return null;
}

export function signWebhook(secret: string, body: string, at: number): string {
  const seconds = Math.floor(at / 1000);
  const mac = createHmac("sha256", secret).update(`${seconds}.${body}`).digest("hex");
  return `t=${seconds},v1=${mac}`;
}

/** What a receiver does: the signature checked against the secret, in constant time. */
export function verifyWebhook(secret: string, body: string, header: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(match[2] ?? "", "hex"));
}

export function webhookBody(batch: EndedBatch): string {
  return JSON.stringify({ id: batch.id, name: batch.name, state: batch.state, total: batch.total, done: batch.done, failed: batch.failed });
}

/**
 * Calls the webhook until it answers 2xx or the tries run out; answers what the last try came to
 * ("200", or why it failed). A 4xx other than 408 and 429 is not tried again: the receiver refused it.
 */
export async function callWebhook(
  batch: EndedBatch,
  allowedHosts: readonly string[],
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<string> {
  if (!batch.webhookUrl || !batch.webhookSecret) return "none";
  const refusal = webhookRefusal(batch.webhookUrl, allowedHosts);
  if (refusal) return `not called: ${refusal}`;
  const body = webhookBody(batch);
  let outcome = "";
  for (let attempt = 0; attempt <= WEBHOOK_RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0) await sleep(WEBHOOK_RETRY_DELAYS_MS[attempt - 1] ?? 0);
    try {
      const response = await fetch(batch.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signWebhook(batch.webhookSecret, body, Date.now()) },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.body?.cancel().catch(() => undefined);
      outcome = String(response.status);
      if (response.ok) return outcome;
      if (response.status < 500 && response.status !== 408 && response.status !== 429) return outcome;
    } catch (error) {
      outcome = `unreachable (${error instanceof Error ? error.message : String(error)})`.slice(0, 200);
    }
  }
  return outcome;
}
