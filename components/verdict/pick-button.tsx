"use client";

const pressed =
  "aria-pressed:border-emerald-600 aria-pressed:bg-emerald-50 aria-pressed:text-emerald-900 dark:aria-pressed:bg-emerald-500/15 dark:aria-pressed:text-emerald-200";

type PickButtonProps = {
  picked: boolean;
  onToggle: () => void;
  /** The button's look where it sits (a bar, a grid cell); the picked colours are added here. */
  className: string;
  /** An accessible name naming what is picked, where "Pick" alone would be ambiguous. */
  label?: string;
  title?: string;
};

/** The pick toggle: "Pick", or "✓ Pick" once chosen. */
export function PickButton({ picked, onToggle, className, label, title }: PickButtonProps) {
  return (
    <button type="button" aria-pressed={picked} aria-label={label} title={title} onClick={onToggle} className={`${className} ${pressed}`}>
      {picked ? "✓ Pick" : "Pick"}
    </button>
  );
}
