"use client";

import { useFormContext } from "react-hook-form";
import type { GenerationRequest, GenerationRequestInput } from "@/lib/request/generation-request";
import { inputClassName } from "@/components/ui/field-message";
import { Field } from "@/components/ui/field";
import { cn } from "@/lib/utils/cn";
import { useHydratedRegister } from "./use-hydrated-register";

/** Free text with the configured models as suggestions. */
export function ModelField({ models }: { models: string[] }) {
  const { formState } = useFormContext<GenerationRequestInput, unknown, GenerationRequest>();
  const registration = useHydratedRegister("model");
  const hint =
    models.length > 0 ? `Suggestions: ${models.join(", ")}. Any model name the service knows works.` : "Any model name the service knows.";
  return (
    <Field id="model" label="Model" error={formState.errors.model?.message} hint={hint}>
      {(control) => (
        <>
          <input
            {...control}
            list="model-suggestions"
            autoComplete="off"
            spellCheck={false}
            className={cn(inputClassName, "font-mono")}
            // In the server HTML too, so the field is filled before the form's code arrives.
            defaultValue={formState.defaultValues?.model}
            {...registration}
          />
          <datalist id="model-suggestions">
            {models.map((model) => (
              <option key={model} value={model} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
