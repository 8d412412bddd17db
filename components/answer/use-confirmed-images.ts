"use client";

import { useMemo, useState } from "react";
import type { UncertainUrl } from "@/lib/answer/image-finder";
import type { DisplayImage } from "@/lib/answer/interpret-answer";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";

/**
 * Tries each uncertain URL as an image in the browser (no referrer); the ones that load join the
 * gallery, in the order they appear in the answer. The rest are simply links, not pictures.
 */
export function useConfirmedImages(uncertain: UncertainUrl[]): DisplayImage[] {
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(new Set());
  useAbortableEffect(
    (signal) => {
      const probes = uncertain.map((candidate, index) => {
        const probe = new Image();
        probe.referrerPolicy = "no-referrer";
        probe.onload = () => {
          if (!signal.aborted) setLoaded((previous) => new Set(previous).add(index));
        };
        probe.src = candidate.url;
        return probe;
      });
      signal.addEventListener("abort", () => {
        for (const probe of probes) {
          probe.onload = null;
          probe.removeAttribute("src");
        }
      });
    },
    [uncertain],
  );
  return useMemo(
    () =>
      uncertain.flatMap((candidate, index) =>
        loaded.has(index)
          ? [{ key: `loaded:${candidate.url}`, paths: [candidate.path], source: { kind: "url" as const, url: candidate.url } }]
          : [],
      ),
    [uncertain, loaded],
  );
}
