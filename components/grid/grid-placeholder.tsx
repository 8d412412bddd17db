/** The right-hand side in grid mode before any grid ran. */
export function GridPlaceholder() {
  return (
    <div className="flex h-full min-h-80 flex-col items-center justify-center gap-2 rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-muted dark:border-zinc-700 dark:text-zinc-400">
      <p className="text-base font-medium text-zinc-700 dark:text-zinc-300">Your grid will appear here</p>
      <p className="max-w-md text-sm">
        Write prompt variants (one per line, or {"{a|b}"} choices), list models and pick ratios: every combination runs, and the results
        fill a table as they finish.
      </p>
    </div>
  );
}
