"use client";

import { useRef } from "react";
import type { DisplayImage } from "@/lib/answer/interpret-answer";
import { useBlobImageSource } from "@/lib/browser/use-image-src";
import { remoteImageSrc } from "@/lib/browser/image-through-playground";
import { useModalDialog } from "@/components/ui/use-modal-dialog";

/** Full-screen view of one image at a time: arrow keys move, Esc (or the button) closes. */
export function ImageViewer({
  images,
  index,
  onMove,
  onClose,
}: {
  images: DisplayImage[];
  index: number;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const dialogRef = useModalDialog();
  const imageRef = useRef<HTMLImageElement>(null);
  const image = images[index];
  const source = image?.source ?? { kind: "url" as const, url: "" };
  useBlobImageSource(imageRef, source);

  const move = (step: number) => onMove((index + step + images.length) % images.length);
  if (!image) return null;
  return (
    <dialog
      ref={dialogRef}
      aria-label={`Image ${index + 1} of ${images.length}`}
      onClose={onClose}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") move(1);
        if (event.key === "ArrowLeft") move(-1);
      }}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-black p-0 text-zinc-100 backdrop:bg-black"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
          <span className="truncate font-mono" data-testid="viewer-caption">
            {index + 1} / {images.length} · {image.paths.join(", ")}
          </span>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="rounded-lg border border-zinc-600 px-3 py-1 hover:bg-zinc-800"
            autoFocus
          >
            Close
          </button>
        </div>
        {/* The image fills the screen at its own shape, small ones enlarged: that is what full screen is for. */}
        <div className="relative flex min-h-0 flex-1 items-center justify-center p-2">
          {/* eslint-disable-next-line @next/next/no-img-element -- an arbitrary answer's image, shown as it is */}
          <img
            ref={imageRef}
            src={source.kind === "url" ? remoteImageSrc(source) : undefined}
            alt={`Image ${index + 1} from ${image.paths[0] ?? ""}`}
            referrerPolicy="no-referrer"
            className="h-full w-full object-contain"
          />
          {images.length > 1 && (
            <>
              <button
                type="button"
                aria-label="Previous image"
                onClick={() => move(-1)}
                className="absolute left-3 rounded-full bg-zinc-800/80 px-3 py-2 text-xl hover:bg-zinc-700"
              >
                ‹
              </button>
              <button
                type="button"
                aria-label="Next image"
                onClick={() => move(1)}
                className="absolute right-3 rounded-full bg-zinc-800/80 px-3 py-2 text-xl hover:bg-zinc-700"
              >
                ›
              </button>
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}
