"use client";

import { useCallback, useState } from "react";
import { loadStoredScript, storeScript, type StoredScript } from "@/lib/browser/presenter-storage";
import { parseScript, type ScriptItem } from "@/lib/request/presenter-script";

/**
 * The prepared prompts and the presenter's place in them. A script from a link replaces the stored
 * one and starts at its first prompt; otherwise the stored script comes back where it was left.
 * `onFill` puts an item into the fields (never runs it).
 */
export type StartingScript = { script: StoredScript | null; linkProblem: string | null };

/**
 * The script to start with: one from a link replaces the stored one and starts at its first
 * prompt; otherwise the stored script comes back where it was left. Presenter mode renders in the
 * browser only, so storage is there from its first render.
 */
export function startingScript(scriptFromLink: string | undefined): StartingScript {
  if (scriptFromLink !== undefined) {
    const parsed = parseScript(scriptFromLink);
    if (parsed.ok) {
      const script = { items: parsed.items, position: 0 };
      storeScript(script);
      return { script, linkProblem: null };
    }
    return { script: loadStoredScript(), linkProblem: `The script in this link could not be read: ${parsed.message}` };
  }
  return { script: loadStoredScript(), linkProblem: null };
}

/**
 * The prepared prompts and the presenter's place in them, kept in storage as they change.
 * `onFill` puts an item into the fields (never runs it).
 */
export function usePresenterScript(start: StartingScript, onFill: (item: ScriptItem) => void) {
  const [script, setScript] = useState(start.script);
  const [linkProblem, setLinkProblem] = useState(start.linkProblem);

  const update = useCallback((next: StoredScript | null) => {
    setScript(next);
    storeScript(next);
  }, []);

  const load = useCallback(
    (items: ScriptItem[]) => {
      update({ items, position: 0 });
      if (items[0]) onFill(items[0]);
      setLinkProblem(null);
    },
    [update, onFill],
  );

  /** Moves through the script and fills the item reached; returns its position, or null at an end. */
  const step = useCallback(
    (delta: number): number | null => {
      if (!script) return null;
      const position = script.position + delta;
      const item = script.items[position];
      if (!item) return null;
      update({ ...script, position });
      onFill(item);
      return position;
    },
    [script, update, onFill],
  );

  return {
    script,
    linkProblem,
    load,
    step,
    clear: () => update(null),
    dismissLinkProblem: () => setLinkProblem(null),
  };
}
