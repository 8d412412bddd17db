/**
 * Which names the playground answers to. A page on another site can point its own name at
 * 127.0.0.1 (DNS rebinding) and then call the playground as if it were same-origin: its requests
 * carry that name in Host, a matching Origin and `Sec-Fetch-Site: same-origin`. Answering only to
 * loopback names and addresses, plus the names the operator lists, leaves such a page nothing.
 *
 * No `server-only` import: the proxy (which runs before every route and page) uses it.
 */

export type KnownHosts = {
  /** Exact names ("playground.example.com"), lower case. */
  names: ReadonlySet<string>;
  /** Names given with a leading dot (".example.com"): that domain and every name under it. */
  domains: readonly string[];
};

export const NO_EXTRA_HOSTS: KnownHosts = { names: new Set(), domains: [] };

const HOST_NAME = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** PLAYGROUND_ALLOWED_HOSTS: comma-separated names or addresses; a leading dot allows a domain. */
export function parseKnownHosts(setting: string | undefined): { ok: true; hosts: KnownHosts } | { ok: false; problem: string } {
  const names = new Set<string>();
  const domains: string[] = [];
  for (const raw of (setting ?? "").split(",")) {
    const entry = raw.trim().toLowerCase();
    if (entry === "") continue;
    const domain = entry.startsWith(".");
    const name = domain ? entry.slice(1) : unbracketed(entry);
    if (!HOST_NAME.test(name) && !isIpv6(name)) {
      return { ok: false, problem: `"${raw.trim()}" is not a host name or address (give names without a scheme, port or path)` };
    }
    if (domain) domains.push(name);
    else names.add(name);
  }
  return { ok: true, hosts: { names, domains } };
}

/** The name part of a Host header: lower case, without the port, IPv6 without brackets. */
export function hostNameOf(hostHeader: string | null): string | null {
  const host = (hostHeader ?? "").trim().toLowerCase();
  if (host === "") return null;
  if (host.startsWith("[")) {
    const end = host.indexOf("]");
    return end > 0 ? host.slice(1, end) : null;
  }
  const colon = host.lastIndexOf(":");
  return colon >= 0 ? host.slice(0, colon) : host;
}

/** Loopback as every browser resolves it: localhost (and names under it), 127.0.0.0/8 and ::1. */
export function isLoopbackName(name: string): boolean {
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (name === "::1" || name === "0:0:0:0:0:0:0:1") return true;
  const ipv4 = IPV4.exec(name);
  return ipv4 !== null && ipv4[1] === "127" && ipv4.slice(1).every((part) => Number(part) <= 255);
}

export function isKnownHost(hostHeader: string | null, hosts: KnownHosts): boolean {
  const name = hostNameOf(hostHeader);
  if (name === null) return false;
  if (isLoopbackName(name) || hosts.names.has(name)) return true;
  return hosts.domains.some((domain) => name === domain || name.endsWith(`.${domain}`));
}

function unbracketed(entry: string): string {
  return entry.startsWith("[") && entry.endsWith("]") ? entry.slice(1, -1) : entry;
}

function isIpv6(name: string): boolean {
  return name.includes(":") && /^[0-9a-f:.]+$/.test(name);
}
