import "./zod-setup";
import * as z from "zod/mini";
import { parseAspectRatio } from "./aspect-ratio";
import { checkExtraFields, EXTRA_FIELDS_OFF, type ExtraFields, type ExtraFieldsSetting } from "./extra-fields";

/**
 * The one schema for what the browser may send: the form validates with it (zodResolver) and the
 * route validates with it again. Its output is exactly what goes to the service. Written with
 * zod/mini, whose functions tree-shake, to keep the page's first load light.
 */

export const DEFAULT_PROMPT_MAX_CHARS = 4000;
export const MODEL_MAX_CHARS = 200;

/** Characters as a person counts them (code points), not UTF-16 units. */
export function countCharacters(text: string): number {
  return Array.from(text).length;
}

/** Longer than any ratio written with spaces; a longer text is refused before any pattern reads it. */
export const ASPECT_RATIO_MAX_CHARS = 32;

/**
 * Spaces around the parts are forgiven (" 16 : 9 " means 16:9); anything else is explained. Plain
 * string steps, not a pattern: `\s*:\s*` tried at every position of a long run of spaces is quadratic.
 */
export function normaliseAspectRatioText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length > ASPECT_RATIO_MAX_CHARS) return trimmed;
  const colon = trimmed.indexOf(":");
  if (colon === -1) return trimmed;
  return `${trimmed.slice(0, colon).trimEnd()}:${trimmed.slice(colon + 1).trimStart()}`;
}

export function explainAspectRatioProblem(text: string): string | null {
  if (text === "") return "Enter an aspect ratio such as 16:9.";
  if (text.length > ASPECT_RATIO_MAX_CHARS) return "Write the ratio as width:height, e.g. 16:9.";
  if (parseAspectRatio(text)) return null;
  if (/^\d+\s*[xX×*/]\s*\d+$/.test(text)) return "Use a colon between width and height, e.g. 16:9.";
  const parts = text.split(":");
  if (parts.length !== 2) return "Write the ratio as width:height, e.g. 16:9.";
  const [width = "", height = ""] = parts;
  if (width === "" || height === "") return "Give both a width and a height, e.g. 16:9.";
  if (!/^[+-]?\d+$/.test(width) || !/^[+-]?\d+$/.test(height)) {
    return "Width and height must be whole numbers, e.g. 16:9.";
  }
  if (/^\d{6,}$/.test(width.replace(/^0+/, "")) || /^\d{6,}$/.test(height.replace(/^0+/, ""))) {
    return "Width and height can have at most 5 digits.";
  }
  return "Width and height must be positive whole numbers (at least 1), e.g. 16:9.";
}

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
