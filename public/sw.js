/*
 * The playground's offline shell. Saved runs live in the browser (IndexedDB); this keeps the page
 * itself and its scripts, so that history can be opened with no network at all.
 * - the page ("/"): from the network when it answers, else the copy kept last time;
 * - its scripts and styles (/_next/static, named by content hash): kept on first use;
 * - everything else (the API routes above all) goes to the network as usual.
 */
const CACHE = "playground-shell-v1";

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/_next/static/") || url.pathname === "/icon.svg") event.respondWith(keptFirst(request));
  else if (request.mode === "navigate" && url.pathname === "/") event.respondWith(networkThenKept(request));
});

// The page lists what it loaded before this worker took over, so that it is kept too.
self.addEventListener("message", (event) => {
  const urls = event.data && event.data.type === "keep" && Array.isArray(event.data.urls) ? event.data.urls : [];
  event.waitUntil(Promise.all(urls.filter(isShellAsset).map((url) => keptFirst(new Request(url)).catch(() => undefined))));
});

function isShellAsset(url) {
  try {
    const parsed = new URL(url);
    return parsed.origin === self.location.origin && (parsed.pathname.startsWith("/_next/static/") || parsed.pathname === "/icon.svg");
  } catch {
    return false;
  }
}

async function keptFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkThenKept(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // A redirect (to the sign-in page) is not the playground: keep only the page itself.
    if (response.ok && !response.redirected) await cache.put("/", response.clone());
    return response;
  } catch {
    return (await cache.match("/")) || Response.error();
  }
}
