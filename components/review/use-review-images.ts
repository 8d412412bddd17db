"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { summariseCell } from "@/lib/grid/cell-summary";
import { imageBlob } from "@/lib/browser/image-blob";
import type { HistoryRun } from "@/lib/history/history-types";
import type { RunOutcome } from "@/lib/answer/run-outcome";

/** A review image ready to paint: its URL (an object URL for saved bytes), already decoded. */
export type ReviewImage = { url: string; width: number; height: number } | { url: null; reason: string };

type Loaders = {
  loadRuns: (ids: readonly string[]) => Promise<HistoryRun[]>;
  restore: (run: HistoryRun) => Promise<{ outcome: RunOutcome }>;
};

/** How many images either side of the current one are read and decoded ahead. */
const AHEAD = 1;

/**
 * The review's images, read from history and decoded before they are shown: the current one, and
 * the next and previous ones while the person looks, so a step paints an image already decoded.
 * Images further away are let go (their object URLs revoked).
 */
export function useReviewImages(ids: readonly string[], position: number, { loadRuns, restore }: Loaders) {
  const cache = useRef(new Map<string, Promise<ReviewImage>>());
  const urls = useRef(new Map<string, string>());
  const [ready, setReady] = useState<ReadonlyMap<string, ReviewImage>>(new Map());

  const prepare = useCallback(
    (id: string) => {
      let pending = cache.current.get(id);
      if (pending) return pending;
      pending = (async (): Promise<ReviewImage> => {
        const [run] = await loadRuns([id]);
        if (!run) return { url: null, reason: "This run is no longer in history." };
        const summary = summariseCell((await restore(run)).outcome);
        if (summary.kind !== "image") return { url: null, reason: `${summary.title}${summary.message ? `: ${summary.message}` : ""}` };
        const { source } = summary.image;
        const blob = imageBlob(source);
        const url = blob ? URL.createObjectURL(blob) : source.kind === "url" ? source.url : null;
        if (!url) return { url: null, reason: "The image could not be read." };
        if (blob) urls.current.set(id, url);
        const image = new Image();
        image.src = url;
        try {
          await image.decode();
        } catch {
          return { url: null, reason: "The image could not be decoded." };
        }
        return { url, width: image.naturalWidth, height: image.naturalHeight };
      })();
      cache.current.set(id, pending);
      void pending.then((image) => setReady((previous) => new Map(previous).set(id, image)));
      return pending;
    },
    [loadRuns, restore],
  );

  useEffect(() => {
    const wanted = new Set<string>();
    for (let offset = -AHEAD; offset <= AHEAD; offset += 1) {
      const id = ids[position + offset];
      if (id !== undefined) wanted.add(id);
    }
    // The current image first, then its neighbours.
    const current = ids[position];
    if (current !== undefined) void prepare(current);
    for (const id of wanted) void prepare(id);
    for (const [id, url] of urls.current) {
      if (wanted.has(id)) continue;
      URL.revokeObjectURL(url);
      urls.current.delete(id);
      cache.current.delete(id);
      setReady((previous) => {
        const next = new Map(previous);
        next.delete(id);
        return next;
      });
    }
  }, [ids, position, prepare]);

  useEffect(() => {
    const held = urls.current;
    return () => {
      for (const url of held.values()) URL.revokeObjectURL(url);
      held.clear();
    };
  }, []);

  return ready;
}
