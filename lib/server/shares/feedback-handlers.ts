import "server-only";
import * as z from "zod/mini";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import { clientOf } from "@/lib/server/http/client-address";
import { problemResponse } from "@/lib/server/http/problem-response";
import { readGuardedJson, refuseWithoutSession } from "@/lib/server/http/request-guards";
import { withRouteContext, type RouteContext } from "@/lib/server/http/route-context";
import { limitStoreFor, takeFailingOpen, type LimitSpec } from "@/lib/server/limits/client-limits";
import { addFeedback, feedbackSummaries, listFeedback, removeFeedback } from "@/lib/server/database/feedback-store";
import { AUTHOR_MAX_CHARS, EMPTY_FEEDBACK_SUMMARY, FEEDBACK_PAGE_SIZE, feedbackInputSchema } from "@/lib/request/share-feedback";
import { currentViewer } from "@/lib/server/people/current-viewer";
import { withShareDatabase } from "./with-share-database";

/**
 * Team feedback on a share: GET and POST /api/shares/:id/feedback, DELETE
 * /api/shares/:id/feedback/:feedbackId, and GET /api/shares/feedback-summary?ids=… (what history
 * shows beside shared runs). Writing passes the share routes' guards (same origin, access gate,
 * JSON, a per-client hourly budget); reading needs a session behind the gate.
 */

/** Comments and removals: one hourly budget per client, as large as the shares'. */
const feedbackLimit = (config: ServerConfig): LimitSpec => ({ name: "feedback", points: config.shares.perHour, durationSeconds: 3600 });

/** At most this many shares' summaries in one request (a screenful of history). */
export const SUMMARY_IDS_MAX = 100;

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });

async function takeFeedbackBudget(request: Request, config: ServerConfig, context: RouteContext): Promise<Response | null> {
  const rate = await takeFailingOpen(feedbackLimit(config), limitStoreFor(config.shares), clientOf(request, config));
  if (rate.ok) return null;
  const detail = `This playground allows ${config.shares.perHour} comments an hour from each client.`;
  return context.finish(
    problemResponse("share-rate-limited", { requestId: context.requestId, detail, retryAfterSeconds: rate.retryAfterSeconds }),
  );
}

export function handleListFeedback(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return withRouteContext("/api/shares/:id/feedback", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const refusal = await refuseWithoutSession(request, config, requestId);
    if (refusal) return finish(refusal);
    const before = new URL(request.url).searchParams.get("before");
    return withShareDatabase(config, context, async ({ db }) => {
      const page = await listFeedback(db, id, { before, limit: FEEDBACK_PAGE_SIZE });
      if (page === "missing") return finish(problemResponse("share-not-found", { requestId, detail: "It may have been stopped." }));
      if (page === "expired") return finish(problemResponse("share-expired", { requestId, detail: "Its feedback was deleted with it." }));
      return finish(json(page));
    });
  });
}

export function handleAddFeedback(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return withRouteContext("/api/shares/:id/feedback", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const guarded = await readGuardedJson(request, config, context, () => takeFeedbackBudget(request, config, context));
    if (!guarded.ok) return guarded.response;
    const parsed = feedbackInputSchema.safeParse(guarded.payload);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
      const detail = parsed.error.issues[0]?.message ?? "Send {author, rating, comment}.";
      return finish(problemResponse("invalid-request", { requestId, detail, errors }));
    }
    // Signed in with a provider, a comment carries the person's name, whatever was typed.
    const viewer = config.access.oidc ? await currentViewer(request.headers, config.access) : null;
    const input = viewer ? { ...parsed.data, author: viewer.author.name.slice(0, AUTHOR_MAX_CHARS) } : parsed.data;
    return withShareDatabase(config, context, async ({ db }) => {
      const added = await addFeedback(db, id, input);
      if (added.ok) return finish(json(added.item, 201));
      if (added.reason === "missing") return finish(problemResponse("share-not-found", { requestId, detail: "It may have been stopped." }));
      if (added.reason === "expired") return finish(problemResponse("share-expired", { requestId, detail: "It takes no more feedback." }));
      return finish(problemResponse("feedback-full", { requestId, detail: "Ask the person who shared it to remove older comments." }));
    });
  });
}

const removeSchema = z.object({ ownerToken: z.string().check(z.minLength(1), z.maxLength(200)) });

export function handleRemoveFeedback(request: Request, configResult: ConfigResult, id: string, feedbackId: string): Promise<Response> {
  return withRouteContext("/api/shares/:id/feedback/:feedbackId", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const guarded = await readGuardedJson(request, config, context, () => takeFeedbackBudget(request, config, context));
    if (!guarded.ok) return guarded.response;
    const parsed = removeSchema.safeParse(guarded.payload);
    if (!parsed.success) return finish(problemResponse("invalid-request", { requestId, detail: 'Send {"ownerToken": …}.' }));
    return withShareDatabase(config, context, async ({ db }) => {
      const result = await removeFeedback(db, id, feedbackId, parsed.data.ownerToken);
      if (result === "missing") return finish(problemResponse("share-not-found", { requestId, detail: "That comment is gone already." }));
      if (result === "not-owner") {
        return finish(
          problemResponse("feedback-not-owner", { requestId, detail: "This browser did not share it, so it cannot remove comments." }),
        );
      }
      return finish(new Response(null, { status: 204, headers: { "cache-control": "no-store" } }));
    });
  });
}

export function handleFeedbackSummaries(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/shares/feedback-summary", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const refusal = await refuseWithoutSession(request, config, requestId);
    if (refusal) return finish(refusal);
    const ids = [...new Set((new URL(request.url).searchParams.get("ids") ?? "").split(",").filter(Boolean))];
    if (ids.length > SUMMARY_IDS_MAX || ids.some((shareId) => shareId.length > 64)) {
      return finish(problemResponse("invalid-request", { requestId, detail: `Ask for at most ${SUMMARY_IDS_MAX} share ids at a time.` }));
    }
    return withShareDatabase(config, context, async ({ db }) => {
      const summaries = await feedbackSummaries(db, ids);
      return finish(json(Object.fromEntries(ids.map((shareId) => [shareId, summaries.get(shareId) ?? EMPTY_FEEDBACK_SUMMARY]))));
    });
  });
}
