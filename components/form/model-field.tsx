"use client";

import { useFormContext } from "react-hook-form";
import type { GenerationRequest, GenerationRequestInput } from "@/lib/request/generation-request";
import { FieldMessage, inputClassName, labelClassName } from "@/components/ui/field-message";

/** Free text with the configured models as suggestions. */
export function ModelField({ models }: { models: string[] }) {
  const { register, formState } = useFormContext<GenerationRequestInput, unknown, GenerationRequest>();
  const error = formState.errors.model?.message;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="model" className={labelClassName}>
        Model
      </label>
      <input
        id="model"
        list="model-suggestions"
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby="model-message"
        className={`${inputClassName} font-mono`}
        {...register("model")}
      />
      <datalist id="model-suggestions">
        {models.map((model) => (
          <option key={model} value={model} />
        ))}
      </datalist>
      <FieldMessage
        id="model-message"
        error={error}
        hint={
          models.length > 0
            ? `Suggestions: ${models.join(", ")}. Any model name the service knows works.`
            : "Any model name the service knows."
        }
      />
    </div>
  );
}
