import type { ExtraFields } from "./extra-fields";

/**
 * The exact body the service receives: the three named fields first, then any allowed extra
 * fields. The server sends it, and the Exchange panel, the cURL and fetch copies, history and
 * exports all show this same object.
 */
export function serviceBody(request: {
  model: string;
  prompt: string;
  aspect_ratio: string;
  extra?: ExtraFields;
}): Record<string, unknown> {
  return { model: request.model, prompt: request.prompt, aspect_ratio: request.aspect_ratio, ...request.extra };
}
