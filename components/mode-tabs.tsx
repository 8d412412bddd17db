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
        <button key={value} type="button" role="tab" aria-selected={mode === value} onClick={() => onChange(value)} className="mode-tab">
          {label}
        </button>
      ))}
    </div>
  );
}
