"use client";

import { useEffect, type RefObject } from "react";
import { decodeBase64 } from "@/lib/image-signature";
import type { DisplayImage } from "@/lib/interpret-answer";

/** The bytes of a found image as a Blob; null for URL images, which the browser loads itself. */
export function imageBlob(source: DisplayImage["source"]): Blob | null {
  if (source.kind === "url") return null;
  if (source.kind === "body") return new Blob([source.bytes], { type: source.mime });
  if (source.kind === "base64") return new Blob([decodeBase64(source.base64)], { type: source.mime });
  if (source.base64) return new Blob([decodeBase64(source.data)], { type: source.mime });
  return new Blob([safeDecodeUri(source.data)], { type: source.mime });
}

/**
 * Shows image bytes through a Blob object URL (never a multi-megabyte attribute), revoked when
 * the image leaves the page. URL images get their src in JSX; this hook leaves them alone.
 */
export function useBlobImageSource(imageRef: RefObject<HTMLImageElement | null>, source: DisplayImage["source"]): void {
  useEffect(() => {
    const element = imageRef.current;
    const blob = imageBlob(source);
    if (!element || !blob) return;
    const url = URL.createObjectURL(blob);
    element.src = url;
    return () => {
      element.removeAttribute("src");
      URL.revokeObjectURL(url);
    };
  }, [imageRef, source]);
}

function safeDecodeUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
