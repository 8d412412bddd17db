import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { makeGenerationRequestSchema, type GenerationRequest, type GenerationRequestInput } from "@/lib/request/generation-request";
import type { ExtraFieldsSetting } from "@/lib/request/extra-fields";

/**
 * The form's validation: the same zod schema the route uses. A module of its own so that zod
 * arrives when someone starts on the form, not with the first screen.
 */

export type GenerationResolver = Resolver<GenerationRequestInput, unknown, GenerationRequest>;

const resolvers = new Map<string, GenerationResolver>();

export function generationResolver(promptMaxChars: number, extraFields: ExtraFieldsSetting): GenerationResolver {
  const key = JSON.stringify([promptMaxChars, extraFields]);
  let resolver = resolvers.get(key);
  if (!resolver) {
    resolver = zodResolver(makeGenerationRequestSchema({ promptMaxChars, extraFields }));
    resolvers.set(key, resolver);
  }
  return resolver;
}
