import { cn } from "@/lib/utils/cn";
import { FieldMessage, inputClassName, labelClassName } from "./field-message";

/** What a field's control takes from its Field: its id, and its tie to the message below it. */
export type FieldControlProps = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

type FieldProps = {
  id: string;
  label: React.ReactNode;
  /** Shown (and announced) below the control when set; otherwise the hint is. */
  error?: string;
  hint?: React.ReactNode;
  /** Beside the label, on its right (a character counter, a swap button). */
  aside?: React.ReactNode;
  /** The label is for screen readers only (a compact bar whose placeholder or first option says what it is). */
  hideLabel?: boolean;
  /** The hint is a status that changes (announced politely as it does), not a fixed explanation. */
  liveHint?: boolean;
  className?: string;
  children: (control: FieldControlProps) => React.ReactNode;
};

/**
 * One field of any form: its label (tied by `htmlFor`), the control, and its message right below
 * (tied by `aria-describedby`; an error is `role="alert"` and marks the control `aria-invalid`).
 */
export function Field({ id, label, error, hint, aside, hideLabel = false, liveHint = false, className, children }: FieldProps) {
  const messageId = `${id}-message`;
  const control: FieldControlProps = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error || hint || liveHint ? messageId : undefined,
  };
  const labelClass = hideLabel ? "sr-only" : labelClassName;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      {aside ? (
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
          {aside}
        </div>
      ) : (
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
      )}
      {children(control)}
      <FieldMessage id={messageId} error={error} hint={hint} live={liveHint} />
    </div>
  );
}

/**
 * A Field holding plain text kept in the caller's state: an input, or with `rows` a textarea that
 * grows downwards (the grid's and the arena's lists of prompts, models and ratios).
 */
export function TextField({
  value,
  onChange,
  rows,
  controlClassName,
  ...field
}: Omit<FieldProps, "children"> & { value: string; onChange: (value: string) => void; rows?: number; controlClassName?: string }) {
  return (
    <Field {...field}>
      {(control) =>
        rows ? (
          <textarea
            {...control}
            rows={rows}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className={cn(inputClassName, "resize-y leading-relaxed", controlClassName)}
          />
        ) : (
          <input
            {...control}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            className={cn(inputClassName, controlClassName)}
          />
        )
      }
    </Field>
  );
}
