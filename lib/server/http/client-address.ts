import "server-only";
import { isIP } from "node:net";

/**
 * Who is calling, for rate limits and sign-in throttling. The socket address is stamped on every
 * request by the server itself (see peer-address-stamp.ts), overwriting anything a client sent
 * under that name. X-Forwarded-For is believed only as far as TRUST_PROXY_HOPS says.
 *
 * An IPv6 client is counted by its network prefix (/64 unless PLAYGROUND_IPV6_PREFIX says
 * otherwise): whoever holds a /64 holds 2^64 addresses, and a budget per address would give them
 * as many budgets.
 */

export const PEER_ADDRESS_HEADER = "x-playground-peer-address";
export const DEFAULT_IPV6_PREFIX_BITS = 64;

/** The key a request's client is counted under, with this server's proxy and IPv6 settings. */
export function clientOf(request: Request, config: { trustProxyHops: number; ipv6PrefixBits: number }): string {
  return clientAddress(request.headers, config.trustProxyHops, config.ipv6PrefixBits);
}

/**
 * The chain is every X-Forwarded-For entry followed by the socket address. With N trusted proxies
 * the last N entries were written by them, so the client is the entry just before those; entries
 * further left were written by the client and may be spoofed.
 */
export function clientAddress(headers: Headers, trustProxyHops: number, ipv6PrefixBits: number): string {
  const peer = headers.get(PEER_ADDRESS_HEADER)?.trim() || "unknown";
  if (trustProxyHops === 0) return limitKeyOf(peer, ipv6PrefixBits);
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const chain = [...forwarded, peer];
  return limitKeyOf(chain[Math.max(0, chain.length - 1 - trustProxyHops)] ?? peer, ipv6PrefixBits);
}

/** An IPv4 address as it is; an IPv6 address as its prefix ("2001:db8:0:1::/64"); anything else as it is. */
export function limitKeyOf(address: string, ipv6PrefixBits: number): string {
  const bare = address.replace(/^\[|\]$/g, "").split("%", 1)[0] ?? "";
  if (isIP(bare) !== 6) return address;
  const groups = expandIpv6(bare);
  if (!groups) return address;
  // An IPv4 client seen through an IPv6 socket (::ffff:a.b.c.d) is that IPv4 client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  const bits = Math.min(128, Math.max(1, ipv6PrefixBits));
  const masked = groups.map((group, index) => {
    const kept = Math.min(16, Math.max(0, bits - index * 16));
    return kept === 0 ? 0 : group & ((0xffff << (16 - kept)) & 0xffff);
  });
  return `${masked.map((group) => group.toString(16)).join(":")}/${bits}`;
}

/** Eight 16-bit groups, or null; an embedded IPv4 tail ("::1.2.3.4") becomes the last two. */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail, extra] = text.split("::");
  if (extra !== undefined) return null;
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...right].map((group) =>
    Number.parseInt(group, 16),
  );
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}
