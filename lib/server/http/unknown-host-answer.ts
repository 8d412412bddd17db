import { PROBLEM_KINDS, PROBLEM_TYPE_PREFIX } from "@/lib/request/problem";
import { hostNameOf, isKnownHost, parseKnownHosts, type KnownHosts, NO_EXTRA_HOSTS } from "./known-hosts";

/**
 * The proxy's first check, before any route or page does any work: a request addressed to a name
 * the playground does not know is answered 421 as a problem (HTML for a person's browser tab).
 * No `server-only` import and no config module: this runs in the proxy, and must hold even while
 * the rest of the configuration is broken (a bad PLAYGROUND_ALLOWED_HOSTS is reported at start
 * and leaves only the loopback names).
 */
export function unknownHostAnswer(headers: Headers): Response | null {
  const hosts = allowedHosts();
  if (isKnownHost(headers.get("host"), hosts)) return null;
  const name = hostNameOf(headers.get("host")) ?? "(none)";
  const { status, title } = PROBLEM_KINDS["unknown-host"];
  const detail =
    `This playground answers only to the names it knows (localhost, 127.0.0.1, [::1] and those in ` +
    `PLAYGROUND_ALLOWED_HOSTS), and this request was addressed to ${JSON.stringify(name)}. A web page that points its own ` +
    `name at this machine (DNS rebinding) would look like this. To serve on that name, add it to PLAYGROUND_ALLOWED_HOSTS.`;
  const wantsPage = (headers.get("accept") ?? "").includes("text/html");
  const common = { "cache-control": "no-store", "x-content-type-options": "nosniff" };
  if (wantsPage) {
    return new Response(unknownHostPage(detail), {
      status,
      headers: {
        ...common,
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  }
  const body = { type: `${PROBLEM_TYPE_PREFIX}unknown-host`, title, status, detail };
  return new Response(JSON.stringify(body), { status, headers: { ...common, "content-type": "application/problem+json" } });
}

let cached: { setting: string | undefined; hosts: KnownHosts } | undefined;

function allowedHosts(): KnownHosts {
  const setting = process.env.PLAYGROUND_ALLOWED_HOSTS;
  if (cached && cached.setting === setting) return cached.hosts;
  const parsed = parseKnownHosts(setting);
  const hosts = parsed.ok ? parsed.hosts : NO_EXTRA_HOSTS;
  cached = { setting, hosts };
  return hosts;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function unknownHostPage(detail: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Unknown host name · Image Prompt Playground</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#fafafa;color:#18181b}
main{max-width:36rem;padding:2rem}h1{font-size:1.25rem}@media(prefers-color-scheme:dark){body{background:#09090b;color:#f4f4f5}}</style>
</head><body><main><h1>${escapeHtml(PROBLEM_KINDS["unknown-host"].title)}</h1><p>${escapeHtml(detail)}</p></main></body></html>`;
}
