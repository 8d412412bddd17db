"use client";

import { useEffect, useState } from "react";
import { parseAspectRatio } from "@/lib/request/aspect-ratio";
import type { GenerationRequest } from "@/lib/request/generation-request";
import type { StreamProgress } from "@/lib/browser/read-answer-events";
import { formatCount } from "@/lib/utils/format-count";
import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";

/** The preview (and the image decoding behind it) stays out of the first load: it loads once a run starts. */
const streamPreview = lazyModule(() => import("./stream-preview"));

/**
 * While the service works: elapsed seconds and a box of the requested shape, so nothing jumps later;
 * a streamed answer's pictures fill the box as they arrive.
 */
export function RunProgress({ request, startedAt, stream }: { request: GenerationRequest; startedAt: number; stream?: StreamProgress }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 100);
    return () => window.clearInterval(timer);
  }, []);
  const seconds = Math.max(0, (now - startedAt) / 1000);
  // Fetched as soon as a run shows, so a streamed picture finds it loaded.
  const preview = useLazyModule(streamPreview, true);
  const ratio = parseAspectRatio(request.aspect_ratio) ?? { width: 1, height: 1 };

  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <p className="flex items-center gap-2 text-sm text-muted">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-accent-500" />
        Generating with <code className="font-mono">{request.model}</code> at {request.aspect_ratio}…{" "}
        <span data-testid="elapsed" className="font-mono tabular-nums">
          {seconds.toFixed(1)} s
        </span>
      </p>
      <div
        data-testid="placeholder"
        className="shimmer relative mx-auto flex w-full max-w-full flex-col items-center justify-center gap-1 rounded-2xl bg-zinc-200 text-muted dark:bg-zinc-800 dark:text-zinc-400"
        style={{
          aspectRatio: `${ratio.width} / ${ratio.height}`,
          maxHeight: "70vh",
          width: `min(100%, calc(70vh * ${ratio.width} / ${ratio.height}))`,
        }}
      >
        <span aria-hidden="true" className="font-mono text-3xl font-light tabular-nums">
          {Math.floor(seconds)} s
        </span>
        <span className="text-xs">{request.aspect_ratio}</span>
        {stream?.image && preview && <preview.StreamPreview image={stream.image} />}
      </div>
      {stream && (
        <p className="text-center text-xs text-muted" role="status" data-testid="stream-status">
          {stream.image ? (stream.image.partial ? "Partial image" : "Final image") : "No image yet"} · {formatCount(stream.events)} event
          {stream.events === 1 ? "" : "s"} received, the answer is still arriving
        </p>
      )}
    </div>
  );
}
