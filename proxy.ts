import { NextResponse, type NextRequest } from "next/server";
import { unknownHostAnswer } from "@/lib/server/http/unknown-host-answer";
import { isStopping, stoppingAnswer } from "@/lib/server/lifecycle/stopping";

/**
 * First, on every route and page: a request addressed to a host name the playground does not
 * know is refused before any other work (DNS rebinding; see known-hosts.ts), and while the server
 * is stopping every new request is answered 503 (see graceful-stop.ts). API routes make the same
 * checks themselves (route-entry.ts): the proxy would buffer their bodies.
 *
 * Then a fresh Content-Security-Policy nonce for every page: Next puts it on its own scripts, and
 * nothing else (an answer's HTML, an SVG, a javascript: URL) can run. Images may come from any
 * http(s) origin, data: and blob:, since showing what a service returned is the point.
 */
export async function proxy(request: NextRequest) {
  const refused = unknownHostAnswer(request.headers);
  if (refused) return refused;
  if (isStopping()) return stoppingAnswer();
  // Files that are not pages need no nonce (and the service worker must not run under a page's policy).
  if (NOT_PAGES.test(request.nextUrl.pathname)) return NextResponse.next();
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const development = process.env.NODE_ENV === "development";
  const policy = [
    "default-src 'self'",
    // 'unsafe-eval' only for the dev server's fast refresh; never in a build.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // Style attributes set the aspect-ratio boxes; they cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' http: https: data: blob:",
    // Downloading an image the service hosts elsewhere fetches it from there.
    "connect-src 'self' http: https:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // The offline shell (public/sw.js); 'strict-dynamic' would otherwise leave workers no source.
    "worker-src 'self'",
  ].join("; ");

  if (request.nextUrl.pathname.startsWith("/s/")) {
    const { expiredShareAnswer } = await import("@/lib/server/shares/expired-share-answer");
    const expired = await expiredShareAnswer(request.nextUrl.pathname, request.headers, policy);
    if (expired) return expired;
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

const NOT_PAGES = /^\/(_next\/image|icon\.svg$|sw\.js$)/;

export const config = {
  // Pages and every other file; not the API (see above), nor the build's content-hashed code files.
  matcher: [{ source: "/((?!api/|_next/static/).*)" }],
};
