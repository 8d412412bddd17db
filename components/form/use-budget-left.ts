"use client";

import { useEffect, useRef, useState } from "react";
import type { BudgetLeft } from "@/lib/request/budget-left";

/**
 * What is left of the budget, as the server rendered it, asked again each time something finishes
 * (a run, a grid): the server enforces the budget; the page only keeps its meter current. Without a
 * budget (null at first) nothing is ever asked.
 */
export function useBudgetLeft(initial: BudgetLeft | null, busy: boolean): BudgetLeft | null {
  const [budget, setBudget] = useState(initial);
  const wasBusy = useRef(busy);
  useEffect(() => {
    const finished = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (!finished || initial === null) return;
    const controller = new AbortController();
    fetch("/api/budget", { signal: controller.signal, cache: "no-store" })
      .then((response) => (response.ok ? (response.json() as Promise<{ budget: BudgetLeft | null }>) : null))
      .then((body) => {
        if (body) setBudget(body.budget);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [busy, initial]);
  return budget;
}
