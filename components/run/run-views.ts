"use client";

import { lazyModule } from "@/components/ui/lazy-module";

/** A run's progress and its finished result: fetched on the first run or as someone starts on the form. */
export const runViews = lazyModule(() => import("./run-views-module"));
