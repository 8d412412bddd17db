"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { countCharacters, type GenerationRequest, type GenerationRequestInput } from "@/lib/request/generation-request";
import { formatCount } from "@/lib/utils/format-count";
import { FieldMessage, inputClassName, labelClassName } from "@/components/ui/field-message";

export function PromptField({ maxChars }: { maxChars: number }) {
  const { register, formState, control } = useFormContext<GenerationRequestInput, unknown, GenerationRequest>();
  const prompt = useWatch({ control, name: "prompt" }) ?? "";
  const count = countCharacters(prompt);
  const error = formState.errors.prompt?.message;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between">
        <label htmlFor="prompt" className={labelClassName}>
          Prompt
        </label>
        <span
          aria-live="polite"
          className={`text-xs tabular-nums ${count > maxChars ? "font-semibold text-red-700 dark:text-red-400" : "text-muted"}`}
        >
          {formatCount(count)} / {formatCount(maxChars)}
        </span>
      </div>
      <textarea
        id="prompt"
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby="prompt-message"
        placeholder="Describe the image…"
        className={`${inputClassName} min-h-32 resize-y leading-relaxed`}
        {...register("prompt")}
      />
      <FieldMessage id="prompt-message" error={error} />
    </div>
  );
}
