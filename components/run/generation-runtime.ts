"use client";

import { lazyModule } from "@/components/ui/lazy-module";

/** Sending requests and reading answers: fetched on the first run, or as someone starts on the form. */
export const generationRuntime = lazyModule(() => import("@/lib/browser/generation-runtime"));
