import "server-only";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { problemResponse } from "@/lib/server/http/problem-response";
import { readJsonPayload, refuseUnreadableJson, signInRequired } from "@/lib/server/http/request-guards";
import { crossSiteReason } from "@/lib/server/http/request-origin";
import { withRouteContext, type RouteContext } from "@/lib/server/http/route-context";
import { currentViewer } from "@/lib/server/people/current-viewer";
import type { Viewer } from "@/lib/server/people/author";
import { withShareDatabase } from "@/lib/server/shares/with-share-database";
import { limitStoreFor, takeFailingOpen, type LimitSpec } from "@/lib/server/limits/client-limits";

/**
 * What every library and collection route does first: the library must be on; a change must come
 * from this playground's own pages; the caller must be signed in (looked up once: the feed is read
 * every second by every open page); then the database.
 */

const JSON_HEADERS = { "content-type": "application/json", "cache-control": "no-store" };

/** A route's work for one caller: `author` is whose library it acts on (the caller's own), `viewer` who they are. */
export type LibraryWork = (
  config: ServerConfig,
  context: RouteContext,
  author: string,
  connection: DatabaseConnection,
  viewer: Viewer,
) => Promise<Response>;

export function libraryRoute(
  route: string,
  request: Request,
  configResult: ConfigResult,
  access: "read" | "change",
  work: LibraryWork,
): Promise<Response> {
  return withRouteContext(route, configResult, async (config, context) => {
    const { requestId, finish } = context;
    if (!config.library.enabled) {
      return finish(problemResponse("library-off", { requestId, detail: "PLAYGROUND_LIBRARY is off: runs are kept in each browser." }));
    }
    // Changes come from this playground's own pages only; reads and changes need a session, looked
    // up once (the feed is read every second by every open page).
    const crossSite = access === "change" ? crossSiteReason(request, config.trustProxyHops) : null;
    if (crossSite) return finish(problemResponse("cross-site", { requestId, detail: `Refused: ${crossSite}.` }));
    const viewer = await currentViewer(request.headers, config.access);
    if (!viewer) return finish(signInRequired(requestId));
    return withShareDatabase(
      config,
      context,
      (connection) => work(config, context, viewer.author.id, connection, viewer),
      "library-unavailable",
    );
  });
}

/** A JSON body, its caller already let through by libraryRoute: its type and size, then the bytes. */
export async function readJson(request: Request, config: ServerConfig, context: RouteContext) {
  const refused = refuseUnreadableJson(request, config, context);
  if (refused) return { ok: false as const, response: refused };
  return readJsonPayload(request, config, context);
}

export const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: JSON_HEADERS });

/**
 * Spends one of the person's points of `spec`: null when there was one left, else the 429 that
 * says how many such requests one person makes (`what`, e.g. "300 searches a minute").
 */
export async function overPersonLimit(
  spec: LimitSpec,
  what: string,
  config: ServerConfig,
  context: RouteContext,
  person: string,
): Promise<Response | null> {
  const rate = await takeFailingOpen(spec, limitStoreFor(config.shares), person);
  if (rate.ok) return null;
  const detail = `One person can make ${what}: try again in ${rate.retryAfterSeconds} s.`;
  return context.finish(
    problemResponse("too-many-requests", { requestId: context.requestId, detail, retryAfterSeconds: rate.retryAfterSeconds }),
  );
}
