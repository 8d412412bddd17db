import "server-only";

/**
 * Refuses requests that another site's page made a browser send: a cross-site Sec-Fetch-Site, or an
 * Origin whose host is not the one this request was sent to. Requests without either header (curl,
 * scripts) carry no ambient browser credentials and are judged by the other checks.
 */
export function crossSiteReason(request: Request, trustProxyHops: number): string | null {
  const { headers } = request;
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") return "the browser marked this request as coming from another site";
  const origin = headers.get("origin");
  if (origin === null) return null;
  // With Referrer-Policy: no-referrer a browser sends "Origin: null" on its own form posts; so does
  // a sandboxed frame on another site. Sec-Fetch-Site tells them apart.
  if (origin === "null") return fetchSite === "same-origin" ? null : "the request came from an opaque origin";
  // Behind trusted proxies the host the browser used is the forwarded one.
  const host =
    (trustProxyHops > 0 ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : null) ||
    headers.get("host") ||
    new URL(request.url).host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return `the Origin header ${JSON.stringify(origin.slice(0, 100))} is not a URL`;
  }
  return originHost === host ? null : `the request came from ${origin}, not from this playground`;
}
