"use client";

import { useRef, useState } from "react";
import type { DisplayImage } from "@/lib/answer/interpret-answer";
import { imageCardId, useAnswerScope } from "./answer-scope";
import { copyText, revealElement } from "@/lib/browser/reveal";
import { useBlobImageSource } from "@/lib/browser/use-image-src";
import { remoteImageSrc } from "@/lib/browser/image-through-playground";
import { isLongText, longTextsIn, wholeText } from "@/lib/answer/long-text";

const chip =
  "rounded bg-zinc-200 px-1.5 font-sans text-[11px] text-zinc-700 hover:bg-zinc-300 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-700";

/** What "copy value" copies: a string as it is, anything else as JSON; strings cut by the answer worker read back whole. */
async function textOfValue(value: unknown): Promise<string> {
  if (typeof value === "string" || isLongText(value)) return wholeText(value);
  const cut = longTextsIn(value);
  const whole = new Map(await Promise.all(cut.map(async (text) => [text, await wholeText(text)] as const)));
  return JSON.stringify(value, (_key, child: unknown) => (isLongText(child) ? whole.get(child) : child), 2);
}

/** Copy a node's path or value; shown when the line is hovered or focused. */
export function NodeActions({ path, value }: { path: string; value: unknown }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async (what: string, text: string) => setCopied((await copyText(text)) ? what : "not allowed");
  return (
    <span className="ml-2 inline-flex gap-1 opacity-0 transition group-hover/node:opacity-100 focus-within:opacity-100">
      <button type="button" className={chip} onClick={() => void copy("path", path)} aria-label={`Copy the path ${path}`}>
        copy path
      </button>
      <button
        type="button"
        className={chip}
        onClick={() => void textOfValue(value).then((text) => copy("value", text))}
        aria-label={`Copy the value at ${path}`}
      >
        copy value
      </button>
      {copied && (
        <span className="font-sans text-[11px] text-muted">
          {copied === "not allowed" ? "the browser did not allow copying" : `${copied} copied`}
        </span>
      )}
    </span>
  );
}

/** Marks an image node: a thumbnail, and a way back up to its card in the gallery. */
export function ImageNodeMark({ image, index }: { image: DisplayImage; index: number }) {
  const scope = useAnswerScope();
  const imageRef = useRef<HTMLImageElement>(null);
  useBlobImageSource(imageRef, image.source, { whenIdle: true });
  return (
    <span className="mr-1 inline-flex items-center gap-1 align-middle">
      {/* eslint-disable-next-line @next/next/no-img-element -- a thumbnail of an arbitrary answer's image */}
      <img
        ref={imageRef}
        src={image.source.kind === "url" ? remoteImageSrc(image.source) : undefined}
        alt=""
        decoding="async"
        referrerPolicy="no-referrer"
        loading="lazy"
        className="checkerboard inline-block size-6 rounded border border-zinc-300 object-cover dark:border-zinc-700"
      />
      <button
        type="button"
        className={`${chip} bg-accent-100 font-semibold text-accent-700 dark:bg-accent-500/20 dark:text-accent-100`}
        onClick={() => revealElement(imageCardId(scope, index))}
      >
        image {index + 1} ↑
      </button>
    </span>
  );
}
