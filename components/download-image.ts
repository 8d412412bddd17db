"use client";

import type { DisplayImage } from "@/lib/interpret-answer";
import { imageBlob } from "./use-image-src";

const EXTENSIONS: Record<string, string> = {
  "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp",
  "image/avif": "avif", "image/bmp": "bmp", "image/svg+xml": "svg",
};

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  // Give the browser a moment to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves an image as a file; a remote image the browser may not read (CORS) opens in a new tab instead. */
export async function downloadImage(image: DisplayImage, index: number): Promise<void> {
  const base = `image-${index + 1}`;
  const blob = imageBlob(image.source);
  if (blob) {
    saveBlob(blob, `${base}.${EXTENSIONS[blob.type] ?? "bin"}`);
    return;
  }
  if (image.source.kind !== "url") return;
  const { url } = image.source;
  try {
    const response = await fetch(url, { referrerPolicy: "no-referrer", credentials: "omit" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const remote = await response.blob();
    saveBlob(remote, `${base}.${EXTENSIONS[remote.type] ?? "png"}`);
  } catch {
    window.open(url, "_blank", "noopener,noreferrer");
  }
}
