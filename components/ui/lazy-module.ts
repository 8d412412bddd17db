"use client";

import { startTransition, useState } from "react";
import { useAbortableEffect } from "@/components/ui/use-abortable-effect";
import { afterNextPaint } from "@/lib/browser/when-idle";

/**
 * A module that is fetched on demand: the page is interactive sooner, and the code arrives while
 * the person types or the service works. A plain import() kept in a variable rather than
 * React.lazy: a Suspense reveal may be held back for a few hundred milliseconds, and a view should
 * appear the moment its data (an answer, a grid) is there.
 */
export type LazyModule<Module> = {
  /** Starts loading (once) and resolves with the module. */
  load(): Promise<Module>;
  /** The module if it has arrived, else null. */
  current(): Module | null;
  /** The load under way, if something started one. */
  pending(): Promise<Module> | null;
};

export function lazyModule<Module>(importer: () => Promise<Module>): LazyModule<Module> {
  let loaded: Module | null = null;
  let loading: Promise<Module> | null = null;
  return {
    load() {
      loading ??= importer().then((module) => (loaded = module));
      return loading;
    },
    current: () => loaded,
    pending: () => loading,
  };
}

/**
 * The module once `needed` (or once a load started elsewhere, such as an idle preload, has
 * arrived); null until then. Loading never starts at hydration unless it is needed. With
 * `inBackground`, for views that are not what the person is waiting for, loading starts only once
 * the page is interactive and painted, and the first render with the module is a transition:
 * React renders it in slices that give way to typing and clicks.
 */
export function useLazyModule<Module>(lazy: LazyModule<Module>, needed: boolean, inBackground = false): Module | null {
  const [module, setModule] = useState<Module | null>(() => lazy.current());
  useAbortableEffect(
    (signal) => {
      if (module) return;
      const load = () => (inBackground ? afterNextPaint().then(() => lazy.load()) : lazy.load());
      const arriving = needed ? load() : lazy.pending();
      void arriving?.then((arrived) => {
        if (signal.aborted) return;
        if (inBackground) startTransition(() => setModule(() => arrived));
        else setModule(() => arrived);
      });
    },
    [lazy, module, needed, inBackground],
  );
  return module;
}
