"use client";

export type PlaygroundMode = "single" | "grid" | "arena";

const TABS: [PlaygroundMode, string][] = [
  ["single", "Single run"],
  ["grid", "Grid"],
  ["arena", "Arena"],
];

/** Single run, grid (prompt variants × models × ratios) or a blind arena between models. */
export function ModeTabs({ mode, onChange }: { mode: PlaygroundMode; onChange: (mode: PlaygroundMode) => void }) {
  return (
    <div role="tablist" aria-label="Mode" className="flex gap-1 rounded-xl bg-zinc-100 p-1 dark:bg-zinc-800/60">
      {TABS.map(([value, label]) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={mode === value}
          onClick={() => onChange(value)}
          className="flex-1 rounded-lg px-3 py-1.5 text-sm font-medium text-zinc-600 aria-selected:bg-white aria-selected:text-zinc-900 aria-selected:shadow-sm dark:text-zinc-400 dark:aria-selected:bg-zinc-900 dark:aria-selected:text-zinc-100"
        >
          {label}
        </button>
      ))}
    </div>
  );
}
