"use client";

import { createContext, useContext } from "react";
import type { BudgetLeft } from "@/lib/request/budget-left";

/** What is left of the signed-in person's budget (null: no budget applies), for the meter and the grid's confirmation. */
export const BudgetContext = createContext<BudgetLeft | null>(null);

export function useBudget(): BudgetLeft | null {
  return useContext(BudgetContext);
}
