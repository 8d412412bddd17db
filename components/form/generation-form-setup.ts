import type { Ref } from "react";
import type { GenerationRequest, GenerationRequestInput } from "@/lib/request/generation-request";
import type { ExtraFieldsSetting } from "@/lib/request/extra-fields";
import type { SharedFields } from "@/lib/request/share-link";

/** The generation form's props, its defaults and what the page may do to it (shared by its shell and its code). */

/** What the rest of the page may do to the form: fill it from a saved run, insert a saved prompt. */
export type GenerationFormApi = {
  fill: (request: GenerationRequest) => void;
  insertIntoPrompt: (text: string) => void;
  currentPrompt: () => string;
  values: () => GenerationRequestInput;
};

export type GenerationFormProps = {
  apiRef?: Ref<GenerationFormApi>;
  /** Fields from a shared link: they fill the form, they never start a run. */
  shared: SharedFields;
  models: string[];
  promptMaxChars: number;
  /** Request fields beyond the three, as the server allows them. */
  extraFields: ExtraFieldsSetting;
  running: boolean;
  onGenerate: (request: GenerationRequest) => Promise<void>;
  onCancel: () => void;
};

export const EXAMPLE_PROMPT = "A lighthouse on a cliff at sunset, warm light, gentle waves";

/** What the form starts with: a shared link's fields, else the first model, an example prompt and 1:1. */
export function formDefaults(shared: SharedFields, models: readonly string[]): GenerationRequestInput {
  return {
    model: shared.model ?? models[0] ?? "",
    prompt: shared.prompt ?? EXAMPLE_PROMPT,
    aspect_ratio: shared.aspect_ratio ?? "1:1",
    ...(shared.extra ? { extra: shared.extra } : {}),
  };
}
