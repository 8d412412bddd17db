"use client";

import { useRef, useState } from "react";
import type { DisplayImage } from "@/lib/answer/interpret-answer";
import { parseAspectRatio, type AspectRatio } from "@/lib/request/aspect-ratio";
import { useBlobImageSource } from "@/lib/browser/use-image-src";

/**
 * One image as large as its cell allows at its own ratio: the cell is a size container, and the
 * image box is the largest box of that ratio that fits, so it is the picture's real extent on screen.
 */
export function PresenterImage({ image, requestedRatio, label }: { image: DisplayImage; requestedRatio: string; label: string }) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [natural, setNatural] = useState<AspectRatio | null>(null);
  const [failed, setFailed] = useState(false);
  useBlobImageSource(imageRef, image.source);
  const ratio = natural ?? parseAspectRatio(requestedRatio) ?? { width: 1, height: 1 };
  const box = {
    aspectRatio: `${ratio.width} / ${ratio.height}`,
    width: `min(100cqw, 100cqh * ${ratio.width} / ${ratio.height})`,
  };

  return (
    <div className="[container-type:size] flex size-full min-h-0 min-w-0 items-center justify-center">
      {failed ? (
        <p className="text-xl text-muted">This image did not load.</p>
      ) : (
        // A plain <img>: service URLs and blobs are not assets next/image could optimise.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          ref={imageRef}
          src={image.source.kind === "url" ? image.source.url : undefined}
          alt={label}
          data-testid="presenter-image"
          referrerPolicy="no-referrer"
          style={box}
          className="rounded-xl object-contain shadow-2xl"
          onLoad={(event) => setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
