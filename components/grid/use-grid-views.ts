"use client";

import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";

/** The grid's form and table, fetched when someone first switches to grid mode. */
const gridViews = lazyModule(() => import("./grid-workspace"));

/** The grid's components once `wanted` (grid mode was opened); null until they have arrived. */
export function useGridViews(wanted: boolean) {
  return useLazyModule(gridViews, wanted);
}
