"use client";

import type { AspectRatio } from "@/lib/aspect-ratio";
import type { DisplayImage } from "@/lib/interpret-answer";
import { ImageCard } from "./image-card";

/** One image shown large; several in a grid. */
export function ImageGallery({ images, requested }: { images: DisplayImage[]; requested: AspectRatio | null }) {
  return (
    <ul aria-label="Images" className={`grid gap-4 ${images.length > 1 ? "sm:grid-cols-2" : ""}`}>
      {images.map((image, index) => (
        <li key={image.key}>
          <ImageCard image={image} index={index} requested={requested} large={images.length === 1} />
        </li>
      ))}
    </ul>
  );
}
