"use client";

import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";

/**
 * "Add to a collection", loaded when someone first asks for it: it reads the library's answers with
 * their schemas, code that the history panel, the grid and review do not need until then.
 */
const addToCollection = lazyModule(() => import("./add-to-collection-dialog"));

export function LazyAddToCollectionDialog({ runIds, onClose }: { runIds: readonly string[]; onClose: () => void }) {
  const loaded = useLazyModule(addToCollection, true);
  return loaded ? <loaded.AddToCollectionDialog runIds={runIds} onClose={onClose} /> : null;
}
