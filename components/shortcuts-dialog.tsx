"use client";

import { useEffect, useRef } from "react";

const SHORTCUTS: [string, string][] = [
  ["Ctrl/⌘ + Enter", "Generate"],
  ["Esc", "Cancel a running generation (or close this list)"],
  ["/", "Go to the prompt"],
  ["?", "Show or hide this list"],
  ["← →", "Previous / next image in full screen"],
];

/** The list of keyboard shortcuts, opened with "?". */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      aria-label="Keyboard shortcuts"
      onClose={onClose}
      className="m-auto w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 className="text-base font-semibold">Keyboard shortcuts</h2>
      <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([keys, action]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-zinc-300 px-1.5 font-mono text-xs dark:border-zinc-700">{keys}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={() => dialogRef.current?.close()} className="mt-4 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800" autoFocus>
        Close
      </button>
    </dialog>
  );
}
