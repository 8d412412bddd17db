"use client";

import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import type { ReviewDialogProps } from "./review-dialog";

/** Review mode's code loads when someone first reviews. */
const reviewDialog = lazyModule(() => import("./review-dialog"));

export function LazyReviewDialog(props: ReviewDialogProps) {
  const loaded = useLazyModule(reviewDialog, true);
  return loaded ? <loaded.ReviewDialog {...props} /> : null;
}
