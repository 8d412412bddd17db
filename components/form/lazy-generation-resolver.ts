"use client";

import { useMemo } from "react";
import { lazyModule } from "@/components/ui/lazy-module";
import type { ExtraFieldsSetting } from "@/lib/request/extra-fields";
import type { GenerationResolver } from "./generation-validation";

/** Fetched on the first validation, or earlier when the page preloads it as someone starts on the form. */
export const generationValidation = lazyModule(() => import("./generation-validation"));

/** A resolver that validates with the shared schema once its module is there (a few ms the first time). */
export function useGenerationResolver(promptMaxChars: number, extraFields: ExtraFieldsSetting): GenerationResolver {
  return useMemo<GenerationResolver>(
    () => async (values, context, options) => {
      const validation = await generationValidation.load();
      return validation.generationResolver(promptMaxChars, extraFields)(values, context, options);
    },
    [promptMaxChars, extraFields],
  );
}
