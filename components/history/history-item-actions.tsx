"use client";

const iconButton =
  "rounded-md px-1.5 py-1 text-sm text-muted hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-zinc-700 dark:hover:text-zinc-100";

type HistoryItemActionsProps = {
  /** "run" or "grid": what the buttons' names and tips speak of. */
  noun: "run" | "grid";
  starred: boolean;
  onStar: () => void;
  onRerun: () => void;
  onShare: () => void;
  onDelete: () => void;
};

/** Star, rerun, share and delete, beside an entry of the history list (two rows, to keep rows short). */
export function HistoryItemActions({ noun, starred, onStar, onRerun, onShare, onDelete }: HistoryItemActionsProps) {
  return (
    <div className="grid shrink-0 grid-cols-2 place-items-center">
      <button
        type="button"
        onClick={onStar}
        aria-pressed={starred}
        aria-label={`${starred ? "Unstar" : "Star"} ${noun}`}
        title={starred ? "Starred: never removed by the cap" : `Star: keep this ${noun}`}
        className={`${iconButton} ${starred ? "text-amber-500 dark:text-amber-400" : ""}`}
      >
        {starred ? "★" : "☆"}
      </button>
      <button
        type="button"
        onClick={onRerun}
        aria-label={noun === "run" ? "Rerun" : "Rerun grid"}
        title={`Run ${noun === "run" ? "it" : "the whole grid"} again (a new entry)`}
        className={iconButton}
      >
        ↻
      </button>
      <button
        type="button"
        onClick={onShare}
        aria-label={`Share ${noun}`}
        title={`Share this ${noun} as a page with a link`}
        className={iconButton}
      >
        ⤴
      </button>
      <button
        type="button"
        onClick={onDelete}
        aria-label={`Delete ${noun}`}
        title={noun === "run" ? "Delete this run" : "Delete all runs of this grid"}
        className={iconButton}
      >
        ✕
      </button>
    </div>
  );
}
