"use client";

import { useCallback, type KeyboardEvent } from "react";
import { isChoice, isTyping } from "@/components/ui/is-typing";
import { verdictChangeForKey, type Verdict, type VerdictChange } from "@/lib/history/verdict";

/**
 * A keydown handler for a run or a cell (on its box, so it works while anything in it has focus):
 * 1–5 rate, 0 clears, P toggles the pick. Keys typed into a text field, or with a modifier, are left
 * alone; a focused star or checkbox still takes them.
 */
export function useVerdictKeys(current: Verdict | undefined, onChange: ((change: VerdictChange) => void) | undefined) {
  return useCallback(
    (event: KeyboardEvent) => {
      if (!current || !onChange || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey || (isTyping(event.target) && !isChoice(event.target))) return;
      const change = verdictChangeForKey(event.key, current);
      if (!change) return;
      event.preventDefault();
      onChange(change);
    },
    [current, onChange],
  );
}
