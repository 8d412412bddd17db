"use client";

import { smallDialogClassName, useModalDialog } from "./ui/use-modal-dialog";
import { buttonClass } from "./ui/button";
import { cn } from "@/lib/utils/cn";

export type Shortcut = [keys: string, action: string];

const PLAYGROUND_SHORTCUTS: Shortcut[] = [
  ["Ctrl/⌘ + Enter", "Generate"],
  ["Esc", "Cancel a running generation (or close this list)"],
  ["/", "Go to the prompt"],
  ["?", "Show or hide this list"],
  ["← →", "Previous / next image in full screen"],
];

/** The list of keyboard shortcuts, opened with "?" (the playground's, unless others are given). */
export function ShortcutsDialog({ onClose, shortcuts = PLAYGROUND_SHORTCUTS }: { onClose: () => void; shortcuts?: Shortcut[] }) {
  const dialogRef = useModalDialog();
  return (
    <dialog ref={dialogRef} aria-label="Keyboard shortcuts" onClose={onClose} className={`${smallDialogClassName} max-w-md`}>
      <h2 className="text-base font-semibold">Keyboard shortcuts</h2>
      <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
        {shortcuts.map(([keys, action]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-zinc-300 px-1.5 font-mono text-xs dark:border-zinc-700">{keys}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={() => dialogRef.current?.close()} className={cn(buttonClass(), "mt-4")} autoFocus>
        Close
      </button>
    </dialog>
  );
}
