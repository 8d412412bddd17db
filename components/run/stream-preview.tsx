"use client";

import { useRef } from "react";
import type { StreamProgress } from "@/lib/browser/read-answer-events";
import { markPerformance, PERF_MARKS } from "@/lib/browser/perf-marks";
import { useBlobImageSource } from "@/lib/browser/use-image-src";

type StreamImage = NonNullable<StreamProgress["image"]>;

/** The newest picture a streamed answer has sent so far, filling the placeholder it will replace. */
export function StreamPreview({ image }: { image: StreamImage }) {
  const imageRef = useRef<HTMLImageElement>(null);
  useBlobImageSource(imageRef, image.source);
  return (
    // A plain <img>: blob and service URLs, nothing next/image could optimise.
    // eslint-disable-next-line @next/next/no-img-element
    <img
      ref={imageRef}
      data-testid="stream-preview"
      data-partial={image.partial ? "true" : "false"}
      src={image.source.kind === "url" ? image.source.url : undefined}
      alt={image.partial ? "Partial image received so far" : "Final image received, the answer is still arriving"}
      referrerPolicy="no-referrer"
      onLoad={() => requestAnimationFrame(() => markPerformance(PERF_MARKS.streamImageShown))}
      className="absolute inset-0 size-full rounded-2xl object-contain"
    />
  );
}
