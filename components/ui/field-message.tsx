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

/** A text control of any form; its look is one class of app/ui-primitives.css. */
export const inputClassName = "field-control";

export const labelClassName = "field-label";
