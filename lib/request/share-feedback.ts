import "./zod-setup";
import * as z from "zod/mini";

/**
 * Team feedback on a shared page: what the page sends (one schema for the form and the route) and
 * what the route answers. Text is stored and shown as text, never as HTML.
 */

export const AUTHOR_MAX_CHARS = 40;
export const COMMENT_MAX_CHARS = 1000;
/** Comments one share can collect: enough for a team, not a place to store anything else. */
export const FEEDBACK_PER_SHARE_MAX = 500;
export const FEEDBACK_PAGE_SIZE = 20;

const trimmed = (max: number, name: string) =>
  z
    .pipe(
      z.string(),
      z.transform((text) => text.trim()),
    )
    .check(z.maxLength(max, `${name} can be at most ${max} characters.`));

export const feedbackInputSchema = z
  .object({
    author: trimmed(AUTHOR_MAX_CHARS, "A name").check(z.minLength(1, "Enter a name, so the team knows who said it.")),
    rating: z.nullable(z.int().check(z.gte(1), z.lte(5))),
    comment: trimmed(COMMENT_MAX_CHARS, "A comment"),
  })
  .check(
    z.refine((input) => input.rating !== null || input.comment !== "", {
      message: "Give a rating, a comment, or both.",
      path: ["comment"],
    }),
  );

export type FeedbackInput = z.input<typeof feedbackInputSchema>;

export const feedbackItemSchema = z.object({
  id: z.string(),
  author: z.string(),
  rating: z.nullable(z.int()),
  comment: z.string(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const feedbackSummarySchema = z.object({ count: z.int(), ratings: z.int(), average: z.nullable(z.number()) });
export type FeedbackSummary = z.infer<typeof feedbackSummarySchema>;

export const feedbackPageSchema = z.object({
  summary: feedbackSummarySchema,
  items: z.array(feedbackItemSchema),
  /** Pass as `before` for the next (older) page; null on the last. */
  next: z.nullable(z.string()),
});
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

export const EMPTY_FEEDBACK_SUMMARY: FeedbackSummary = { count: 0, ratings: 0, average: null };
