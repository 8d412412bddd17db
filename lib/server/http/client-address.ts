import "server-only";

/**
 * Who is calling, for rate limits and sign-in throttling. The socket address is stamped on every
 * request by the server itself (see peer-address-stamp.ts), overwriting anything a client sent
 * under that name. X-Forwarded-For is believed only as far as TRUST_PROXY_HOPS says.
 */

export const PEER_ADDRESS_HEADER = "x-playground-peer-address";

/**
 * The chain is every X-Forwarded-For entry followed by the socket address. With N trusted proxies
 * the last N entries were written by them, so the client is the entry just before those; entries
 * further left were written by the client and may be spoofed.
 */
export function clientAddress(headers: Headers, trustProxyHops: number): string {
  const peer = headers.get(PEER_ADDRESS_HEADER)?.trim() || "unknown";
  if (trustProxyHops === 0) return peer;
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - trustProxyHops)] ?? peer;
}
