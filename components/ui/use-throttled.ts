"use client";

import { useEffect, useRef, useState } from "react";

/**
 * `value`, passed on at most once per `intervalMs`: a change after a quiet spell at once, changes
 * coming faster than that as their latest, when the interval has passed.
 */
export function useThrottled<T>(value: T, intervalMs: number): T {
  const [passed, setPassed] = useState(value);
  const passedAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (Object.is(value, passed)) return;
    const timer = setTimeout(
      () => {
        passedAt.current = Date.now();
        setPassed(value);
      },
      Math.max(0, passedAt.current + intervalMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [value, passed, intervalMs]);
  return passed;
}
