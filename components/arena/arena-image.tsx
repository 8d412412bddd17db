"use client";

import { useMemo, useRef } from "react";
import { summariseCell } from "@/lib/grid/cell-summary";
import { useBlobImageSource } from "@/lib/browser/use-image-src";
import { parseAspectRatio } from "@/lib/request/aspect-ratio";
import type { ArenaSide } from "./use-arena-runner";

type ArenaImageProps = {
  side: ArenaSide | undefined;
  /** "Left" or "Right": the only name a side has before the vote. */
  name: string;
  ratio: string;
  onRetry: () => void;
};

/** One side of a pair: its picture at the arena's ratio, or why there is none. */
export function ArenaImage({ side, name, ratio, onRetry }: ArenaImageProps) {
  const summary = useMemo(() => (side?.status === "done" ? summariseCell(side.outcome) : null), [side]);
  const shape = parseAspectRatio(ratio);
  return (
    <div
      className="checkerboard flex w-full items-center justify-center overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800"
      style={{ aspectRatio: shape ? `${shape.width} / ${shape.height}` : "1 / 1" }}
      data-testid="arena-side"
      data-status={summary?.kind ?? "running"}
    >
      {summary?.kind === "image" ? (
        <SideImage source={summary.image.source} alt={`${name} image`} />
      ) : summary?.kind === "problem" ? (
        <div role="alert" className="flex flex-col items-center gap-2 p-4 text-center text-sm text-red-900 dark:text-red-200">
          <p className="font-semibold">
            {summary.title}
            {summary.status !== null && <span className="font-mono font-normal"> ({summary.status})</span>}
          </p>
          {summary.message && <p className="line-clamp-4 text-xs break-words">{summary.message}</p>}
          <button
            type="button"
            onClick={onRetry}
            className="rounded-lg border border-zinc-300 bg-white px-2.5 py-1 text-xs font-medium text-zinc-900 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          >
            Try this pair again
          </button>
        </div>
      ) : (
        <p role="status" className="text-sm text-muted">
          Generating…
        </p>
      )}
    </div>
  );
}

function SideImage({ source, alt }: { source: NonNullable<Parameters<typeof useBlobImageSource>[1]>; alt: string }) {
  const imageRef = useRef<HTMLImageElement>(null);
  useBlobImageSource(imageRef, source);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a blob or a service URL, nothing next/image could optimise
    <img
      ref={imageRef}
      src={source.kind === "url" ? source.url : undefined}
      alt={alt}
      referrerPolicy="no-referrer"
      className="h-full w-full object-contain"
    />
  );
}
