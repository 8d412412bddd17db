"use client";

import { useRef, useState } from "react";
import { describeRatio, ratioDriftPercent, type AspectRatio } from "@/lib/request/aspect-ratio";
import type { DisplayImage } from "@/lib/answer/interpret-answer";
import { markPerformance, PERF_MARKS } from "@/lib/browser/perf-marks";
import { imageCardId, useAnswerScope } from "./answer-scope";
import { copyImage, downloadImage } from "@/lib/browser/image-actions";
import { JsonPathLink } from "./json-path-link";
import { formatCount } from "@/lib/utils/format-count";
import { useBlobImageSource } from "@/lib/browser/use-image-src";
import { SHOWN_CONVERTED } from "@/lib/answer/image-signature";
import { markNeedsPlayground, remoteImageSrc } from "@/lib/browser/image-through-playground";

type LoadState = { status: "loading" } | { status: "loaded"; width: number; height: number } | { status: "failed" };

type ImageCardProps = {
  image: DisplayImage;
  index: number;
  requested: AspectRatio | null;
  large: boolean;
  onView: () => void;
  /** Not loaded yet: the pictures before it go first (see ImageGallery). */
  held?: boolean;
  /** The picture loaded or failed. */
  onSettled?: () => void;
};

export function ImageCard({ image, index, requested, large, onView, held = false, onSettled }: ImageCardProps) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [load, setLoad] = useState<LoadState>({ status: "loading" });
  const [copied, setCopied] = useState<string | null>(null);
  const scope = useAnswerScope();
  useBlobImageSource(imageRef, image.source, { held });
  const remoteUrl = image.source.kind === "url" ? image.source.url : null;
  // A picture its host keeps behind the key: loaded through the playground once the direct load fails.
  const [through, setThrough] = useState(false);
  const remoteSrc = image.source.kind === "url" ? (through ? image.source.viaPlayground : remoteImageSrc(image.source)) : null;

  return (
    <figure id={imageCardId(scope, index)} className="flex flex-col gap-2 rounded-2xl" data-testid="image-card">
      <div className="checkerboard flex items-center justify-center overflow-hidden rounded-2xl border border-zinc-200 dark:border-zinc-800">
        {load.status === "failed" ? (
          <p className="p-6 text-sm text-muted">
            This image did not load.{" "}
            {remoteUrl && (
              <a href={remoteUrl} target="_blank" rel="noopener noreferrer" className="break-all underline">
                {remoteUrl}
              </a>
            )}
          </p>
        ) : (
          // A plain <img>: the sources are arbitrary service URLs and blobs, not assets next/image could optimise.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            ref={imageRef}
            src={remoteSrc ?? undefined}
            alt={`Image ${index + 1} from the answer at ${image.paths[0] ?? ""}`}
            referrerPolicy="no-referrer"
            decoding="async"
            onLoad={(event) => {
              setLoad({ status: "loaded", width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight });
              onSettled?.();
              // The frame after load is when the picture is on screen.
              requestAnimationFrame(() => markPerformance(PERF_MARKS.imageShown));
            }}
            onError={() => {
              // Removing a revoked blob src also fires error; only a real failure of a set src counts.
              const src = imageRef.current?.getAttribute("src");
              if (!src) return;
              if (image.source.kind === "url" && image.source.viaPlayground && src !== image.source.viaPlayground) {
                markNeedsPlayground(image.source.url);
                setThrough(true);
                return;
              }
              setLoad({ status: "failed" });
              onSettled?.();
            }}
            onClick={onView}
            className={`block h-auto max-w-full cursor-zoom-in object-contain ${large ? "max-h-[70vh]" : "max-h-[45vh]"}`}
          />
        )}
      </div>
      <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        {image.paths.map((path) => (
          <JsonPathLink key={path} path={path} />
        ))}
        {convertedMime(image) && (
          <span className="rounded-full bg-sky-100 px-2 py-0.5 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200">
            {convertedMime(image)}, shown converted; Download keeps the original
          </span>
        )}
        {image.partial && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
            partial: the stream ended before its final image
          </span>
        )}
        {image.offset !== undefined && (
          <span data-testid="image-offset" title="Found inside this string, starting at this character">
            at character {formatCount(image.offset)}
          </span>
        )}
        {load.status === "loaded" && (
          <span data-testid="image-size" className="font-mono tabular-nums">
            {load.width}×{load.height} · {describeRatio(load)}
            {requested && <RatioDrift requested={requested} actual={load} />}
          </span>
        )}
        <span className="ml-auto flex items-center gap-1.5">
          {copied && <span role="status">{copied}</span>}
          <button type="button" onClick={onView} className={actionClassName}>
            Full screen
          </button>
          <button type="button" onClick={() => void copyImage(image).then(setCopied)} className={actionClassName}>
            Copy
          </button>
          <button type="button" onClick={() => void downloadImage(image, index)} className={actionClassName}>
            Download
          </button>
        </span>
      </figcaption>
    </figure>
  );
}

const actionClassName =
  "rounded-lg border border-zinc-300 px-2.5 py-1 font-medium text-zinc-800 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800";

function RatioDrift({ requested, actual }: { requested: AspectRatio; actual: AspectRatio }) {
  const drift = ratioDriftPercent(requested, actual);
  const close = Math.abs(drift) < 1;
  return (
    <span className={close ? "" : "text-amber-700 dark:text-amber-400"}>
      {" "}
      (requested {requested.width}:{requested.height}
      {close ? ", matches" : `, ${drift > 0 ? "+" : ""}${drift.toFixed(1)}% off`})
    </span>
  );
}

/** "TIFF" or "HEIC" for a picture the browser shows only as the server's conversion; null otherwise. */
function convertedMime(image: DisplayImage): string | null {
  if (image.source.kind === "url" || !SHOWN_CONVERTED.has(image.source.mime)) return null;
  return image.source.mime === "image/heic" ? "HEIC" : "TIFF";
}
