/**
 * Pictures on the service's own host that the browser cannot load by itself (a file store that
 * wants the key): the relay granted each such URL of an answer, and the page then loads it from
 * /api/image, which fetches it with the key. Tried directly first (no detour when it loads);
 * a URL that needed the playground once goes there at once afterwards, in every view of the page.
 */

const needed = new Set<string>();

export function throughPlayground(url: string, grant: string): string {
  return `/api/image?${new URLSearchParams({ url, grant }).toString()}`;
}

export function markNeedsPlayground(url: string): void {
  needed.add(url);
}

/** Where to load a remote picture from now: the playground's route once the direct load failed. */
export function remoteImageSrc(source: { url: string; viaPlayground?: string }): string {
  return source.viaPlayground && needed.has(source.url) ? source.viaPlayground : source.url;
}
