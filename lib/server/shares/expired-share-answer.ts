import "server-only";
import { getServerConfig } from "@/lib/server/config/config";
import { hasValidSession } from "@/lib/server/access/session";
import { hasShareExpired } from "./share-lookup";

const SHARE_PAGE = /^\/s\/([A-Za-z0-9_-]{1,64})$/;

/**
 * A page cannot choose its status beyond 404, so an expired share's page is answered here, before
 * rendering: 410 Gone, in plain words. Everything else (found, missing, signed out) goes on to the page.
 */
export async function expiredShareAnswer(pathname: string, headers: Headers, policy: string): Promise<Response | null> {
  const id = SHARE_PAGE.exec(pathname)?.[1];
  if (!id) return null;
  const configResult = getServerConfig();
  if (!configResult.ok || !(await hasValidSession(headers, configResult.config.access))) return null;
  // Its expiry alone: the page reads the whole share once more if it is not expired.
  if (!(await hasShareExpired(configResult.config.shares, id))) return null;
  return new Response(EXPIRED_PAGE, {
    status: 410,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": policy,
      "x-robots-tag": "noindex",
    },
  });
}

const EXPIRED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>This share has expired · Image Prompt Playground</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#fafafa;color:#18181b}
main{max-width:32rem;padding:2rem}h1{font-size:1.25rem}a{color:#4f46e5}@media(prefers-color-scheme:dark){body{background:#09090b;color:#f4f4f5}a{color:#a5b4fc}}</style>
</head><body><main><h1>This share has expired</h1>
<p>The person who shared this run chose a time limit, and it has passed: its images have been deleted. Ask them to share it again.</p>
<p><a href="/">Go to the playground</a></p></main></body></html>`;
