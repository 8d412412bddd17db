"use client";

import type { DisplayImage } from "@/lib/answer/interpret-answer";
import { zipToBlob, type ZipEntry } from "@/lib/browser/zip/zip-writer";
import { copyText } from "./reveal";
import { extensionForType } from "@/lib/utils/file-names";
import { imageBlob } from "@/lib/browser/image-blob";

/** Saving and copying the images of an answer. */

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  // Give the browser a moment to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The image's bytes: decoded from the answer, or fetched from its URL when its server allows it (CORS). */
export async function bytesOf(image: DisplayImage): Promise<Blob | null> {
  const blob = imageBlob(image.source);
  if (blob) return blob;
  if (image.source.kind !== "url") return null;
  const { url, viaPlayground } = image.source;
  return (await fetchBlob(url, "omit")) ?? (viaPlayground ? await fetchBlob(viaPlayground, "same-origin") : null);
}

/** Through the playground's own route the session cookie goes along; to the service's host, nothing. */
async function fetchBlob(url: string, credentials: RequestCredentials): Promise<Blob | null> {
  try {
    const response = await fetch(url, { referrerPolicy: "no-referrer", credentials });
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

export const extensionOf = (blob: Blob) => extensionForType(blob.type, "png");
const fileName = (index: number, blob: Blob) => `image-${index + 1}.${extensionOf(blob)}`;

/** Saves one image as a file; a remote image the browser may not read (CORS) opens in a new tab instead. */
export async function downloadImage(image: DisplayImage, index: number): Promise<void> {
  const blob = await bytesOf(image);
  if (blob) saveBlob(blob, fileName(index, blob));
  else if (image.source.kind === "url") window.open(image.source.url, "_blank", "noopener,noreferrer");
}

/** All images in one zip, with an index of where each was found; unreadable ones are listed, not lost. */
export async function downloadAllImages(images: DisplayImage[]): Promise<string> {
  const entries: ZipEntry[] = [];
  const index: string[] = [];
  for (const [position, image] of images.entries()) {
    const blob = await bytesOf(image);
    const origin = image.source.kind === "url" ? image.source.url : `${image.source.kind} in the answer`;
    if (blob) {
      const name = fileName(position, blob);
      entries.push({ name, data: blob });
      index.push(`${name}\t${image.paths.join(", ")}\t${origin}`);
    } else {
      index.push(`(not included: its server does not let the browser read it)\t${image.paths.join(", ")}\t${origin}`);
    }
  }
  entries.push({ name: "images.tsv", data: new TextEncoder().encode(`file\tjson paths\tsource\n${index.join("\n")}\n`) });
  saveBlob(await zipToBlob(entries), "images.zip");
  const missing = images.length - (entries.length - 1);
  return missing > 0
    ? `Saved ${entries.length - 1} of ${images.length} images; ${missing} could not be read (listed in images.tsv).`
    : `Saved ${images.length} images.`;
}

async function asPng(blob: Blob): Promise<Blob> {
  if (blob.type === "image/png") return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
  return new Promise((resolve, reject) => canvas.toBlob((png) => (png ? resolve(png) : reject(new Error("no PNG"))), "image/png"));
}

/** Copies the picture itself (as PNG, what clipboards take); falls back to its URL when the bytes cannot be read. */
export async function copyImage(image: DisplayImage): Promise<string> {
  const blob = await bytesOf(image);
  if (blob && typeof ClipboardItem !== "undefined") {
    try {
      await navigator.clipboard.write([new ClipboardItem({ "image/png": await asPng(blob) })]);
      return "Image copied.";
    } catch {
      // fall through to copying the URL, if there is one
    }
  }
  if (image.source.kind === "url" && (await copyText(image.source.url)))
    return "Its server does not let the browser read the image; its URL was copied instead.";
  return "The browser did not allow copying the image.";
}
