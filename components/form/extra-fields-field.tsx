"use client";

import { useFormContext, useWatch } from "react-hook-form";
import type { GenerationRequest, GenerationRequestInput } from "@/lib/request/generation-request";
import { EXTRA_FIELDS_MAX_BYTES, type ExtraFieldsSetting } from "@/lib/request/extra-fields";
import { inputClassName } from "@/components/ui/field-message";
import { Field } from "@/components/ui/field";

/** The extra fields as an object, when the text is one (else null: the person is still typing). */
function parsedObject(text: string): Record<string, unknown> | null {
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A quick row's text as a JSON value: numbers, booleans, null, arrays and objects as typed; anything else a string. */
function rowValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const rowText = (value: unknown) => (value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value));

/**
 * Request fields beyond the three (shown only when the server allows them): a JSON object, plus a
 * row per allow-listed name that edits the same object. The shared schema checks it on submit.
 */
export function ExtraFieldsField({ setting }: { setting: Exclude<ExtraFieldsSetting, { mode: "off" }> }) {
  const { register, formState, control, setValue } = useFormContext<GenerationRequestInput, unknown, GenerationRequest>();
  const raw = useWatch({ control, name: "extra" });
  const text = typeof raw === "string" ? raw : raw === undefined ? "" : JSON.stringify(raw, null, 2);
  const current = parsedObject(text);
  const error = formState.errors.extra?.message;
  const count = current ? Object.keys(current).length : 0;

  const setRow = (name: string, value: string) => {
    const next = { ...(current ?? {}) };
    if (value.trim() === "") delete next[name];
    else next[name] = rowValue(value);
    setValue("extra", Object.keys(next).length > 0 ? JSON.stringify(next, null, 2) : "", {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  };

  return (
    <details className="group rounded-xl border border-zinc-200 dark:border-zinc-800" open={count > 0 || Boolean(error)}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2 text-sm font-medium select-none">
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="text-zinc-400 transition group-open:rotate-90">
            ▸
          </span>
          Extra request fields
        </span>
        <span className="text-xs font-normal text-muted">{count === 0 ? "none: only the three fields are sent" : `${count} sent`}</span>
      </summary>
      <div className="flex flex-col gap-3 border-t border-zinc-200 p-3 dark:border-zinc-800">
        {setting.mode === "list" && (
          <div className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2" role="group" aria-label="Allowed extra fields">
            {setting.names.map((name) => (
              <label key={name} className="contents">
                <span className="font-mono text-xs">{name}</span>
                <input
                  type="text"
                  value={current ? rowText(current[name]) : ""}
                  disabled={current === null}
                  onChange={(event) => setRow(name, event.target.value)}
                  placeholder="not sent"
                  className={`${inputClassName} py-1 font-mono`}
                />
              </label>
            ))}
          </div>
        )}
        <Field
          id="extra"
          label="Extra fields"
          error={error}
          hint={`A JSON object merged into the request body (at most ${EXTRA_FIELDS_MAX_BYTES} bytes, 5 levels deep). ${
            setting.mode === "list" ? `Allowed: ${setting.names.join(", ")}.` : "Any field name but model, prompt and aspect_ratio."
          }`}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              spellCheck={false}
              placeholder='{"seed": 42}'
              className={`${inputClassName} resize-y font-mono text-xs`}
              {...register("extra")}
            />
          )}
        </Field>
      </div>
    </details>
  );
}
