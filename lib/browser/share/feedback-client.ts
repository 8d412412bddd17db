import {
  feedbackItemSchema,
  feedbackPageSchema,
  feedbackSummarySchema,
  type FeedbackInput,
  type FeedbackItem,
  type FeedbackPage,
  type FeedbackSummary,
} from "@/lib/request/share-feedback";
import { problemSchema } from "@/lib/request/problem-schema";
import { madeShares, ownerToken } from "./made-shares";
import { problemMessage } from "./share-client";
import * as z from "zod/mini";

/**
 * The browser's side of team feedback on shared pages: read a page of it, send some, remove a
 * comment (the sharer only: their owner token goes with it), and the summaries history shows.
 */

export type Failed = { ok: false; message: string; fieldErrors?: Record<string, string[]> };

const NAME_KEY = "playground.feedback-name";

/** The display name this browser used last, so a colleague types it once. */
export function rememberedName(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    return "";
  }
}

function rememberName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // Storage refused: the name is asked for again next time.
  }
}

/** Whether this browser made the share (and so holds the token that can remove comments). */
export function isOwnShare(shareId: string): boolean {
  return Object.values(madeShares()).some((share) => share.id === shareId);
}

const unreachable = (error: unknown): Failed => ({
  ok: false,
  message: `The playground could not be reached: ${error instanceof Error ? error.message : String(error)}`,
});

export async function loadFeedback(shareId: string, before: string | null): Promise<{ ok: true; page: FeedbackPage } | Failed> {
  try {
    const query = before ? `?before=${encodeURIComponent(before)}` : "";
    const response = await fetch(`/api/shares/${encodeURIComponent(shareId)}/feedback${query}`, { cache: "no-store" });
    if (!response.ok) return { ok: false, message: await problemMessage(response) };
    return { ok: true, page: feedbackPageSchema.parse(await response.json()) };
  } catch (error) {
    return unreachable(error);
  }
}

export async function sendFeedback(shareId: string, input: FeedbackInput): Promise<{ ok: true; item: FeedbackItem } | Failed> {
  try {
    const response = await fetch(`/api/shares/${encodeURIComponent(shareId)}/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
    });
    if (!response.ok) {
      const problem = problemSchema.safeParse(
        await response
          .clone()
          .json()
          .catch(() => null),
      );
      return { ok: false, message: await problemMessage(response), fieldErrors: problem.success ? problem.data.errors : undefined };
    }
    rememberName(input.author.trim());
    return { ok: true, item: feedbackItemSchema.parse(await response.json()) };
  } catch (error) {
    return unreachable(error);
  }
}

export async function removeComment(shareId: string, feedbackId: string): Promise<{ ok: true } | Failed> {
  try {
    const response = await fetch(`/api/shares/${encodeURIComponent(shareId)}/feedback/${encodeURIComponent(feedbackId)}`, {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ownerToken: ownerToken() }),
    });
    if (!response.ok) return { ok: false, message: await problemMessage(response) };
    return { ok: true };
  } catch (error) {
    return unreachable(error);
  }
}

const summariesSchema = z.record(z.string(), feedbackSummarySchema);

/** Summaries of the given shares (at most 100 a call, as the route allows); an empty map on failure. */
export async function loadFeedbackSummaries(shareIds: readonly string[]): Promise<Map<string, FeedbackSummary>> {
  const result = new Map<string, FeedbackSummary>();
  for (let start = 0; start < shareIds.length; start += 100) {
    const batch = shareIds.slice(start, start + 100);
    try {
      const response = await fetch(`/api/shares/feedback-summary?ids=${batch.map(encodeURIComponent).join(",")}`, { cache: "no-store" });
      if (!response.ok) continue;
      for (const [id, summary] of Object.entries(summariesSchema.parse(await response.json()))) result.set(id, summary);
    } catch {
      // History shows no team figures for these; the shares themselves are unaffected.
    }
  }
  return result;
}
