"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A value read from the server again and again while `live` says it may still change (a batch
 * running): every `everyMs`, and at once when the tab comes back into view; never two reads at once.
 */
export function useLiveValue<T>(
  initial: T,
  read: (signal: AbortSignal) => Promise<T | null>,
  live: (value: T) => boolean,
  everyMs: number,
): [T, (value: T) => void] {
  const [value, setValue] = useState(initial);
  const readRef = useRef(read);
  const liveRef = useRef(live);
  useEffect(() => {
    readRef.current = read;
    liveRef.current = live;
  });
  const isLive = live(value);
  useEffect(() => {
    if (!isLive) return;
    const controller = new AbortController();
    let timer: number | undefined;
    const tick = async () => {
      window.clearTimeout(timer);
      if (document.visibilityState === "visible") {
        const next = await readRef.current(controller.signal).catch(() => null);
        if (controller.signal.aborted) return;
        if (next !== null) setValue(next);
      }
      timer = window.setTimeout(() => void tick(), everyMs);
    };
    timer = window.setTimeout(() => void tick(), everyMs);
    const onVisible = () => document.visibilityState === "visible" && void tick();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [isLive, everyMs]);
  return [value, setValue];
}
