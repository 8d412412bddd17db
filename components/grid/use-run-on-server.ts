"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { createBatch } from "@/lib/browser/batches/batch-client";
import { gridBatchName, gridBatchRows } from "@/lib/grid/grid-batch";
import type { GridPlan } from "@/lib/grid/grid-plan";

/**
 * "Run on the server": the grid's cells become a batch, which the server runs to the end whether
 * or not this tab stays open; the page then goes to that batch's page. A refusal stays on the form,
 * with what the grid typed untouched.
 */
export function useRunOnServer() {
  const router = useRouter();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async (plan: GridPlan) => {
    setSending(true);
    setProblem(null);
    const made = await createBatch({ name: gridBatchName(plan), rows: gridBatchRows(plan) });
    if (made.ok) {
      router.push(`/batches/${encodeURIComponent(made.id)}`);
      return;
    }
    setSending(false);
    setProblem([made.message, ...made.lines.slice(0, 3).map((line) => line.message)].join(" "));
  };
  return { start, sending, problem };
}
