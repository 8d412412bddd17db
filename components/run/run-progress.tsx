"use client";

import { useEffect, useState } from "react";
import { parseAspectRatio } from "@/lib/request/aspect-ratio";
import type { GenerationRequest } from "@/lib/request/generation-request";

/** While the service works: elapsed seconds and a box of the requested shape, so nothing jumps later. */
export function RunProgress({ request, startedAt }: { request: GenerationRequest; startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 100);
    return () => window.clearInterval(timer);
  }, []);
  const seconds = Math.max(0, (now - startedAt) / 1000);
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
        className="shimmer mx-auto flex w-full max-w-full flex-col items-center justify-center gap-1 rounded-2xl bg-zinc-200 text-muted dark:bg-zinc-800 dark:text-zinc-400"
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
      </div>
    </div>
  );
}
