"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { parseAspectRatio, RATIO_PRESETS, swapAspectRatio } from "@/lib/request/aspect-ratio";
import type { GenerationRequest, GenerationRequestInput } from "@/lib/request/generation-request";
import { normaliseAspectRatioText } from "@/lib/request/request-fields";
import { inputClassName, labelClassName } from "@/components/ui/field-message";
import { Field } from "@/components/ui/field";
import { cn } from "@/lib/utils/cn";
import { useHydratedRegister } from "./use-hydrated-register";
import { RatioPreview } from "./ratio-preview";
import { RatioShape } from "./ratio-shape";

/** Presets drawn as their shape, a free `W:H` field, a swap button and a live preview. */
export function AspectRatioField() {
  const { formState, control, setValue } = useFormContext<GenerationRequestInput, unknown, GenerationRequest>();
  const registration = useHydratedRegister("aspect_ratio");
  const text = useWatch({ control, name: "aspect_ratio" }) ?? "";
  const normalised = normaliseAspectRatioText(text);
  const ratio = parseAspectRatio(normalised);
  const error = formState.errors.aspect_ratio?.message;
  const choose = (value: string) => setValue("aspect_ratio", value, { shouldValidate: true, shouldDirty: true, shouldTouch: true });

  return (
    <div className="flex flex-col gap-2">
      <span className={labelClassName} aria-hidden="true">
        Shape
      </span>
      <div role="group" aria-label="Ratio presets" className="grid grid-cols-4 gap-1.5">
        {RATIO_PRESETS.map((preset) => {
          const presetRatio = parseAspectRatio(preset);
          const selected = normalised === preset;
          return (
            <button key={preset} type="button" aria-pressed={selected} onClick={() => choose(preset)} className="ratio-preset">
              {presetRatio && <RatioShape ratio={presetRatio} />}
              {preset}
            </button>
          );
        })}
      </div>
      <div className="flex items-start gap-3">
        <Field
          id="aspect-ratio"
          label="Aspect ratio"
          className="min-w-0 flex-1"
          error={error}
          hint={ratio && normalised !== text ? `Will be sent as ${normalised}.` : "Any W:H with whole numbers, e.g. 16:9 or 1200:628."}
        >
          {(control) => (
            <div className="flex gap-2">
              <input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                placeholder="W:H"
                className={cn(inputClassName, "font-mono tabular-nums")}
                // In the server HTML too, so the field is filled before the form's code arrives.
                defaultValue={formState.defaultValues?.aspect_ratio}
                {...registration}
              />
              <button
                type="button"
                aria-label="Swap width and height"
                title="Swap width and height"
                disabled={!ratio}
                onClick={() => {
                  const swapped = swapAspectRatio(normalised);
                  if (swapped) choose(swapped);
                }}
                className="rounded-xl border border-zinc-300 px-3 text-lg leading-none hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-accent-500 disabled:opacity-40 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                ⇄
              </button>
            </div>
          )}
        </Field>
        <RatioPreview ratio={ratio} />
      </div>
    </div>
  );
}
