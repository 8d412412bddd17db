"use client";

import { budgetLines } from "@/lib/request/budget-left";
import { useBudget } from "@/components/ui/budget-context";
import { cn } from "@/lib/utils/cn";

/** Near Generate: what is left of one's budget ("37 of 50 images left today"), amber from 80 % used. */
export function BudgetMeter() {
  const budget = useBudget();
  if (!budget) return null;
  const lines = budgetLines(budget);
  if (lines.length === 0) return null;
  return (
    <p className="flex flex-col gap-0.5 text-sm" data-testid="budget-left" aria-live="polite">
      {lines.map((line) => (
        <span key={line.text} className={cn(line.warning ? "font-medium text-amber-800 dark:text-amber-300" : "text-muted")}>
          {line.warning && <span aria-hidden="true">⚠ </span>}
          {line.text}
          {line.warning && <span className="sr-only"> (budget nearly used)</span>}
        </span>
      ))}
    </p>
  );
}
