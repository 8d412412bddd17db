"use client";

import { useEffect, type RefObject } from "react";
import { imageBlob } from "@/lib/browser/image-blob";
import type { DisplayImage } from "@/lib/answer/interpret-answer";

type Source = DisplayImage["source"];

/**
 * One object URL per image, shared by everything that shows it (the card, the full-screen view,
 * the tree's thumbnail): decoded once, revoked a moment after the last user lets go.
 */
const shared = new Map<Source, { url: string; users: number; revokeTimer?: number }>();

function acquireObjectUrl(source: Source): string | null {
  let entry = shared.get(source);
  if (!entry) {
    const blob = imageBlob(source);
    if (!blob) return null;
    entry = { url: URL.createObjectURL(blob), users: 0 };
    shared.set(source, entry);
  }
  if (entry.revokeTimer !== undefined) window.clearTimeout(entry.revokeTimer);
  entry.users += 1;
  return entry.url;
}

function releaseObjectUrl(source: Source): void {
  const entry = shared.get(source);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  // A moment's grace: an image leaving one view often appears in another (or re-mounts) right away.
  entry.revokeTimer = window.setTimeout(() => {
    if (entry.users > 0) return;
    URL.revokeObjectURL(entry.url);
    shared.delete(source);
  }, 2000);
}

/**
 * Shows image bytes through a Blob object URL (never a multi-megabyte attribute). URL images get
 * their src in JSX; this hook leaves them alone.
 */
export function useBlobImageSource(
  imageRef: RefObject<HTMLImageElement | null>,
  source: Source,
  options: { whenIdle?: boolean } = {},
): void {
  const { whenIdle = false } = options;
  useEffect(() => {
    const element = imageRef.current;
    if (!element || source.kind === "url") return;
    const url = acquireObjectUrl(source);
    // Secondary copies (thumbnails) wait a second, so they never slow the decoding of the main view.
    const show = () => {
      if (url) element.src = url;
    };
    const idle = whenIdle ? window.setTimeout(show, 1000) : (show(), undefined);
    return () => {
      if (idle !== undefined) window.clearTimeout(idle);
      element.removeAttribute("src");
      releaseObjectUrl(source);
    };
  }, [imageRef, source, whenIdle]);
}
