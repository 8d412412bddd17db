"use client";

import { useEffect } from "react";

/**
 * Registers the offline shell (public/sw.js) in production builds, and tells it which scripts
 * this page loaded, now and when the page goes away, so that a later visit without network still
 * opens the page and its saved runs.
 */
export function useOfflineShell(): void {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    const listLoaded = () => {
      const urls = performance.getEntriesByType("resource").map((entry) => entry.name);
      navigator.serviceWorker.controller?.postMessage({ type: "keep", urls });
    };
    navigator.serviceWorker
      .register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then(() => {
        // The first visit: the worker takes over the page only now.
        if (navigator.serviceWorker.controller) listLoaded();
        else navigator.serviceWorker.addEventListener("controllerchange", listLoaded, { once: true });
      })
      .catch(() => undefined); // no offline shell (blocked, private window): the page works as before
    window.addEventListener("pagehide", listLoaded);
    return () => window.removeEventListener("pagehide", listLoaded);
  }, []);
}
