"use client";

import { lazyModule } from "@/components/ui/lazy-module";

/** The answer views: fetched when an answer needs them, or earlier by the page's idle preload, never at hydration. */
export const resultViews = lazyModule(() => import("@/components/answer/result-view"));
