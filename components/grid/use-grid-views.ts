"use client";

import { useEffect, useState } from "react";

type GridViews = typeof import("./grid-workspace");
let loading: Promise<GridViews> | null = null;

/** The grid's components once `wanted` (grid mode was opened); null until they have arrived. */
export function useGridViews(wanted: boolean): GridViews | null {
  const [views, setViews] = useState<GridViews | null>(null);
  useEffect(() => {
    if (!wanted || views) return;
    let live = true;
    loading ??= import("./grid-workspace");
    void loading.then((module) => {
      if (live) setViews(module);
    });
    return () => {
      live = false;
    };
  }, [wanted, views]);
  return views;
}
