import "./zod-setup";
import * as z from "zod/mini";
import { countCharacters, explainAspectRatioProblem, MODEL_MAX_CHARS, normaliseAspectRatioText } from "./request-fields";
import { checkExtraFields, EXTRA_FIELDS_OFF, type ExtraFields, type ExtraFieldsSetting } from "./extra-fields";

/**
 * The one schema for what the browser may send: the form validates with it (zodResolver) and the
 * route validates with it again. Its output is exactly what goes to the service. Written with
 * zod/mini, whose functions tree-shake, to keep the page's first load light.
 */

export function makeGenerationRequestSchema(options: { promptMaxChars: number; extraFields?: ExtraFieldsSetting }) {
  const { promptMaxChars, extraFields = EXTRA_FIELDS_OFF } = options;
  return z.object({
    model: z.string({ error: "Enter a model." }).check(
      z.trim(),
      z.minLength(1, { error: "Enter a model." }),
      z.maxLength(MODEL_MAX_CHARS, { error: `A model name can have at most ${MODEL_MAX_CHARS} characters.` }),
      z.refine((model: string) => !/[\u0000-\u001f\u007f]/.test(model), { error: "A model name cannot contain control characters." }),
    ),
    prompt: z.string({ error: "Enter a prompt." }).check(
      z.trim(),
      z.minLength(1, { error: "Enter a prompt." }),
      z.refine((prompt: string) => countCharacters(prompt) <= promptMaxChars, {
        error: `A prompt can have at most ${promptMaxChars} characters.`,
      }),
    ),
    aspect_ratio: z.pipe(z.string({ error: "Enter an aspect ratio such as 16:9." }), z.transform(normaliseAspectRatioText)).check(
      z.superRefine((ratio: string, context) => {
        const problem = explainAspectRatioProblem(ratio);
        if (problem) context.addIssue({ code: "custom", message: problem, input: ratio });
      }),
    ),
    // JSON text in the form, an object from the route's caller; none at all keeps the request to three fields.
    extra: z.optional(
      z.pipe(
        z.unknown(),
        z.transform((input: unknown, context): ExtraFields | undefined => {
          const checked = checkExtraFields(input, extraFields);
          if (checked.ok) return checked.fields;
          context.issues.push({ code: "custom", message: checked.message, input });
          return z.NEVER;
        }),
      ),
    ),
  });
}

export type GenerationRequestSchema = ReturnType<typeof makeGenerationRequestSchema>;
/** What the form holds (before trimming) and what the service receives (after). */
export type GenerationRequestInput = z.input<GenerationRequestSchema>;
export type GenerationRequest = z.output<GenerationRequestSchema>;
