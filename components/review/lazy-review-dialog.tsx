"use client";

import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import type { ReviewDialogProps } from "./review-dialog";

/** Review mode's code (and its error boundary) loads when someone first reviews. */
const reviewDialog = lazyModule(() => import("./contained-review-dialog"));

export function LazyReviewDialog(props: ReviewDialogProps) {
  const loaded = useLazyModule(reviewDialog, true);
  if (!loaded) return null;
  return <loaded.ContainedReviewDialog {...props} />;
}
