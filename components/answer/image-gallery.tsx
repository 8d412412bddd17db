"use client";

import { useEffect, useState } from "react";
import type { AspectRatio } from "@/lib/request/aspect-ratio";
import type { DisplayImage } from "@/lib/answer/interpret-answer";
import { downloadAllImages } from "@/lib/browser/image-actions";
import { ImageCard } from "./image-card";
import { ImageViewer } from "./image-viewer";
import { buttonClass } from "@/components/ui/button";

/**
 * Pictures past the first few wait until the first one is on screen (or a moment has passed):
 * twenty loading at once share the page's main thread, so each one, the first too, arrives last.
 */
const LOADED_AT_ONCE = 4;
const LONGEST_WAIT_MS = 400;

/** One image shown large; several in a grid; any of them full screen; all of them as one zip. */
export function ImageGallery({ images, requested }: { images: DisplayImage[]; requested: AspectRatio | null }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // The answer whose first picture has settled: a new answer holds its later pictures again.
  const [firstSettled, setFirstSettled] = useState<DisplayImage[] | null>(null);
  const holding = images.length > LOADED_AT_ONCE && firstSettled !== images;
  useEffect(() => {
    if (!holding) return;
    const timer = window.setTimeout(() => setFirstSettled(images), LONGEST_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [holding, images]);
  return (
    <div className="flex flex-col gap-3">
      {images.length > 1 && (
        <div className="flex items-center justify-end gap-3 text-xs">
          {saved && (
            <span role="status" className="text-muted">
              {saved}
            </span>
          )}
          <button type="button" onClick={() => void downloadAllImages(images).then(setSaved)} className={buttonClass("secondary", "sm")}>
            Download all ({images.length}) as zip
          </button>
        </div>
      )}
      <ul aria-label="Images" className={`grid gap-4 ${images.length > 1 ? "sm:grid-cols-2" : ""}`}>
        {images.map((image, index) => (
          <li key={image.key}>
            <ImageCard
              image={image}
              index={index}
              requested={requested}
              large={images.length === 1}
              onView={() => setViewing(index)}
              held={holding && index >= LOADED_AT_ONCE}
              onSettled={index === 0 ? () => setFirstSettled(images) : undefined}
            />
          </li>
        ))}
      </ul>
      {viewing !== null && <ImageViewer images={images} index={viewing} onMove={setViewing} onClose={() => setViewing(null)} />}
    </div>
  );
}
