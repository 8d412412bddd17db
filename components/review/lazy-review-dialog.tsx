"use client";

import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import { PanelBoundary } from "@/components/ui/panel-boundary";
import type { ReviewDialogProps } from "./review-dialog";

/** Review mode's code loads when someone first reviews. */
const reviewDialog = lazyModule(() => import("./review-dialog"));

export function LazyReviewDialog(props: ReviewDialogProps) {
  const loaded = useLazyModule(reviewDialog, true);
  if (!loaded) return null;
  return (
    <PanelBoundary panel="Review mode">
      <loaded.ReviewDialog {...props} />
    </PanelBoundary>
  );
}
