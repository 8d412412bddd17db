"use client";

import { useFormContext, useWatch } from "react-hook-form";
import type { GenerationRequest, GenerationRequestInput } from "@/lib/request/generation-request";
import { countCharacters } from "@/lib/request/request-fields";
import { formatCount } from "@/lib/utils/format-count";
import { inputClassName } from "@/components/ui/field-message";
import { Field } from "@/components/ui/field";
import { cn } from "@/lib/utils/cn";
import { useHydratedRegister } from "./use-hydrated-register";

export function PromptField({ maxChars }: { maxChars: number }) {
  const { formState, control } = useFormContext<GenerationRequestInput, unknown, GenerationRequest>();
  const registration = useHydratedRegister("prompt");
  const prompt = useWatch({ control, name: "prompt" }) ?? "";
  const count = countCharacters(prompt);
  const counter = (
    <span
      aria-live="polite"
      className={cn("text-xs tabular-nums", count > maxChars ? "font-semibold text-red-700 dark:text-red-400" : "text-muted")}
    >
      {formatCount(count)} / {formatCount(maxChars)}
    </span>
  );
  return (
    <Field id="prompt" label="Prompt" error={formState.errors.prompt?.message} aside={counter}>
      {(field) => (
        <textarea
          {...field}
          rows={6}
          placeholder="Describe the image…"
          className={cn(inputClassName, "min-h-32 resize-y leading-relaxed")}
          // In the server HTML too, so the field is filled before the form's code arrives.
          defaultValue={formState.defaultValues?.prompt}
          {...registration}
        />
      )}
    </Field>
  );
}
