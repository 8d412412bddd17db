"use client";

import { useEffect, useState } from "react";

/** The current time, refreshed every `intervalMs` while `active`, so "5 min ago" stays true while the page is open. */
export function useNow(intervalMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}
