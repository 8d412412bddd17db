import "./zod-setup";
import * as z from "zod/mini";

/** Parsed, not trusted: a problem body as the page reads it back. */
export const problemSchema = z.object({
  type: z._default(z.string(), "about:blank"),
  title: z._default(z.string(), "Request failed"),
  status: z.optional(z.int()),
  detail: z.optional(z.string()),
  requestId: z.optional(z.string()),
  retryAfterSeconds: z.optional(z.number()),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});

export type Problem = z.infer<typeof problemSchema>;
