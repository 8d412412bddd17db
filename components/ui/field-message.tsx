/**
 * A field's error (announced) or hint, right below the field and tied to it by id. A `live` hint is
 * a status that changes (announced politely), and keeps its line while empty so nothing jumps.
 */
export function FieldMessage({ id, error, hint, live = false }: { id: string; error?: string; hint?: React.ReactNode; live?: boolean }) {
  if (error) {
    return (
      <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-400">
        {error}
      </p>
    );
  }
  if (live) {
    return (
      <p id={id} role="status" className="min-h-5 text-sm text-muted">
        {hint}
      </p>
    );
  }
  return hint ? (
    <p id={id} className="text-xs text-muted">
      {hint}
    </p>
  ) : null;
}

export const inputClassName =
  "w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs outline-none transition placeholder:text-zinc-400 focus:border-accent-500 focus:ring-3 focus:ring-accent-500/20 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/20 dark:border-zinc-700 dark:bg-zinc-950";

export const labelClassName = "text-sm font-medium text-zinc-800 dark:text-zinc-200";
