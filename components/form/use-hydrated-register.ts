"use client";

import type { RefCallback } from "react";
import { useFormContext } from "react-hook-form";
import { applyWhenHydrated, typedBeforeHydration, type TypedFieldName } from "./form-hydration-guard";
import type { GenerationRequest, GenerationRequestInput } from "@/lib/request/generation-request";

/**
 * react-hook-form's `register` for a text field of the generation form, keeping what was typed into
 * it before the form hydrated (see generation-form.tsx). When the field is first attached,
 * react-hook-form starts from the default (and hydrating a textarea resets it to the server's
 * text): what the person typed, noted as they typed, is put back into the field in the same commit,
 * caret included, so no keystroke and no frame falls between, and into the form's state right after.
 */
export function useHydratedRegister(name: TypedFieldName) {
  const { register, getValues } = useFormContext<GenerationRequestInput, unknown, GenerationRequest>();
  const registration = register(name);
  const ref: RefCallback<HTMLInputElement | HTMLTextAreaElement> = (element) => {
    const typed = element ? typedBeforeHydration(element.id) : undefined;
    registration.ref(element);
    if (!element || !typed || typed.value === getValues(name)) return;
    element.value = typed.value;
    const { start, end } = typed.caret;
    if (element === document.activeElement && start !== null && end !== null) element.setSelectionRange(start, end);
    applyWhenHydrated(name, typed.value);
  };
  return { ...registration, ref };
}
