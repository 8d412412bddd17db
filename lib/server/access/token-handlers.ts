import "server-only";
import * as z from "zod/mini";
import type { ConfigResult } from "@/lib/server/config/config";
import { auditLater } from "@/lib/server/audit/audit-log";
import { problemResponse } from "@/lib/server/http/problem-response";
import { readGuardedJson, refuseCaller, signInRequired } from "@/lib/server/http/request-guards";
import { readRequestBody } from "@/lib/server/http/read-request-body";
import { withRouteContext } from "@/lib/server/http/route-context";
import { currentViewer } from "@/lib/server/people/current-viewer";
import { TOKEN_CREATION_LIMIT } from "@/lib/server/limits/account-limits";
import { limitStoreFor, takeFailingOpen } from "@/lib/server/limits/client-limits";
import { withShareDatabase } from "@/lib/server/shares/with-share-database";
import { createToken, revokeToken, TOKEN_DAYS, TOKEN_NAME_MAX_CHARS } from "./api-tokens";

/**
 * POST /api/tokens makes a personal API token for the signed-in person and answers it once (JSON,
 * for the Tokens page); POST /api/tokens/<id>/revoke ends one (a plain form post, answered 303).
 * Both need a session: a token cannot make or end tokens.
 */

const newTokenSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, { error: "Name the token (what script uses it)." }), z.maxLength(TOKEN_NAME_MAX_CHARS)),
  days: z.union(
    TOKEN_DAYS.map((days) => z.literal(days)) as [z.ZodMiniLiteral<7>, z.ZodMiniLiteral<30>, z.ZodMiniLiteral<90>, z.ZodMiniLiteral<365>],
  ),
});

export function handleCreateToken(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/tokens", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const guarded = await readGuardedJson(request, config, context, async () => null);
    if (!guarded.ok) return guarded.response;
    const viewer = await currentViewer(request.headers, config.access);
    if (!viewer) return finish(signInRequired(requestId));
    if (config.access.password === null && !config.access.oidc) {
      const detail = "This playground is open: its API needs no token. Tokens are for a playground behind a password or sign-in.";
      return finish(problemResponse("invalid-request", { requestId, detail }));
    }
    const parsed = newTokenSchema.safeParse(guarded.payload);
    if (!parsed.success) {
      return finish(problemResponse("invalid-request", { requestId, detail: parsed.error.issues[0]?.message ?? "Send {name, days}." }));
    }
    const rate = await takeFailingOpen(TOKEN_CREATION_LIMIT, limitStoreFor(config.shares), viewer.author.id);
    if (!rate.ok) {
      const detail = `One person can make ${TOKEN_CREATION_LIMIT.points} tokens an hour; revoke the ones you do not use.`;
      return finish(problemResponse("too-many-requests", { requestId, detail, retryAfterSeconds: rate.retryAfterSeconds }));
    }
    return withShareDatabase(config, context, async (connection) => {
      const made = await createToken(connection, viewer.author, parsed.data.name, parsed.data.days);
      auditLater(config, {
        action: "token-created",
        author: viewer.author,
        requestId,
        detail: `"${made.summary.name}", ${parsed.data.days} days`,
      });
      const body = { token: made.token, id: made.summary.id, name: made.summary.name, expiresAt: made.summary.expiresAt.toISOString() };
      return finish(
        new Response(JSON.stringify(body), { status: 201, headers: { "content-type": "application/json", "cache-control": "no-store" } }),
      );
    });
  });
}

export function handleRevokeToken(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return withRouteContext("/api/tokens/:id/revoke", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const refusal = await refuseCaller(request, config, requestId);
    if (refusal) return finish(refusal);
    const viewer = await currentViewer(request.headers, config.access);
    if (!viewer) return finish(signInRequired(requestId));
    await readRequestBody(request, 1024);
    return withShareDatabase(config, context, async (connection) => {
      const name = await revokeToken(connection, viewer.author.id, id);
      if (name !== null) auditLater(config, { action: "token-revoked", author: viewer.author, requestId, detail: `"${name}"` });
      return finish(
        new Response(null, {
          status: 303,
          headers: { location: `/tokens?revoked=${name === null ? "none" : "1"}`, "cache-control": "no-store" },
        }),
      );
    });
  });
}
