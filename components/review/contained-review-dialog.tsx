"use client";

import { PanelBoundary } from "@/components/ui/panel-boundary";
import { ReviewDialog, type ReviewDialogProps } from "./review-dialog";

/** Review mode inside its own boundary: a run that breaks it leaves the page working. */
export function ContainedReviewDialog(props: ReviewDialogProps) {
  return (
    <PanelBoundary panel="Review mode">
      <ReviewDialog {...props} />
    </PanelBoundary>
  );
}
