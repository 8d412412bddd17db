"use client";

import { useEffect, type RefObject } from "react";
import { imageBlob } from "@/lib/browser/image-blob";
import { needsConversion, shownBlob } from "@/lib/browser/shown-blob";
import type { DisplayImage } from "@/lib/answer/interpret-answer";

type Source = DisplayImage["source"];

/**
 * One object URL per image, shared by everything that shows it (the card, the full-screen view,
 * the tree's thumbnail): decoded once, revoked a moment after the last user lets go.
 */
type Entry = { ready: Promise<string | null>; url: string | null; users: number; revokeTimer?: number };
const shared = new Map<Source, Entry>();

/** At once for what the browser shows; after the server's conversion for TIFF and HEIC (see shown-blob). */
function entryFor(blob: Blob): Entry {
  if (!needsConversion(blob)) {
    const url = URL.createObjectURL(blob);
    return { ready: Promise.resolve(url), url, users: 0 };
  }
  const entry: Entry = { ready: Promise.resolve(null), url: null, users: 0 };
  entry.ready = shownBlob(blob).then((shown) => (entry.url = URL.createObjectURL(shown)));
  return entry;
}

function acquireObjectUrl(source: Source): Entry | null {
  let entry = shared.get(source);
  if (!entry) {
    const blob = imageBlob(source);
    if (!blob) return null;
    entry = entryFor(blob);
    shared.set(source, entry);
  }
  if (entry.revokeTimer !== undefined) window.clearTimeout(entry.revokeTimer);
  entry.users += 1;
  return entry;
}

function releaseObjectUrl(source: Source): void {
  const entry = shared.get(source);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  // A moment's grace: an image leaving one view often appears in another (or re-mounts) right away.
  entry.revokeTimer = window.setTimeout(() => {
    if (entry.users > 0) return;
    void entry.ready.then((url) => url && URL.revokeObjectURL(url));
    shared.delete(source);
  }, 2000);
}

/**
 * Shows image bytes through a Blob object URL (never a multi-megabyte attribute). URL images get
 * their src in JSX; this hook leaves them alone. `held`: not yet (the picture waits its turn).
 */
export function useBlobImageSource(
  imageRef: RefObject<HTMLImageElement | null>,
  source: Source | null,
  options: { whenIdle?: boolean; held?: boolean } = {},
): void {
  const { whenIdle = false, held = false } = options;
  useEffect(() => {
    const element = imageRef.current;
    if (!element || !source || source.kind === "url" || held) return;
    const entry = acquireObjectUrl(source);
    let gone = false;
    // Secondary copies (thumbnails) wait a second, so they never slow the decoding of the main view.
    const show = () => {
      if (!entry) return;
      if (entry.url) element.src = entry.url;
      else void entry.ready.then((url) => !gone && url && (element.src = url));
    };
    const idle = whenIdle ? window.setTimeout(show, 1000) : (show(), undefined);
    return () => {
      gone = true;
      if (idle !== undefined) window.clearTimeout(idle);
      element.removeAttribute("src");
      releaseObjectUrl(source);
    };
  }, [imageRef, source, whenIdle, held]);
}
