import "server-only";
import * as z from "zod/mini";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import { DEMO_API_KEY } from "@/lib/server/demo-service/embedded-demo";
import { clientOf } from "@/lib/server/http/client-address";
import { problemResponse } from "@/lib/server/http/problem-response";
import { readGuardedJson, refuseCaller, refuseWithoutSession } from "@/lib/server/http/request-guards";
import { withRouteContext } from "@/lib/server/http/route-context";
import { limitStoreFor, takeFailingOpen, type LimitSpec } from "@/lib/server/limits/client-limits";
import { auditLater } from "@/lib/server/audit/audit-log";
import { currentViewer } from "@/lib/server/people/current-viewer";
import { createShare, libraryBytes, purgeExpired, readShareFile, stopSharing } from "@/lib/server/database/share-store";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { multipartBoundary } from "@/lib/server/http/multipart-stream";
import { storedFileResponse } from "@/lib/server/http/stored-file-response";
import type { RouteContext } from "@/lib/server/http/route-context";
import { acquireUploadSlot, UPLOAD_RETRY_AFTER_SECONDS, UPLOADS_PER_CLIENT } from "@/lib/server/limits/upload-slots";
import { withShareDatabase as withDatabase } from "./with-share-database";
import { discardStaging, receiveShareUpload, uploadStagingFolder } from "./share-upload";

/**
 * The share routes: POST /api/shares (create), DELETE /api/shares/:id (stop sharing) and
 * GET /api/shares/:id/files/:name. Creating and stopping pass the generate route's guards
 * (same origin, access gate, body type and size, a per-client rate limit); reading needs a
 * session behind the gate. A database that is down is a plain-words 503; nothing else waits on it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Multipart framing and the run's JSON around the share's own bytes. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/** Shares and stops of sharing: one hourly budget per client. */
export const shareLimit = (config: ServerConfig): LimitSpec => ({ name: "share", points: config.shares.perHour, durationSeconds: 3600 });

export function handleCreateShare(request: Request, configResult: ConfigResult): Promise<Response> {
  return withRouteContext("/api/shares", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const refusal = await refuseCaller(request, config, requestId);
    if (refusal) return finish(refusal);
    const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
    if (!boundary || !request.body) {
      return finish(problemResponse("share-not-multipart", { requestId, detail: "Send the run and its files as multipart/form-data." }));
    }
    // Cheapest first, nothing of the body read: its declared size, the client's hourly budget, a
    // turn among the uploads under way, and room in the library.
    const limit = config.shares.shareBytes;
    const declared = Number.parseInt(request.headers.get("content-length") ?? "", 10);
    if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD_BYTES) return finish(tooLarge(limit, requestId));
    const client = clientOf(request, config);
    const rate = await takeFailingOpen(shareLimit(config), limitStoreFor(config.shares), client);
    if (!rate.ok) {
      const detail = `This playground allows ${config.shares.perHour} shares an hour from each client.`;
      return finish(problemResponse("share-rate-limited", { requestId, detail, retryAfterSeconds: rate.retryAfterSeconds }));
    }
    const slot = acquireUploadSlot(client, config.shares.maxUploads);
    if (!slot.ok) {
      const detail =
        slot.reason === "client"
          ? `This client already has ${UPLOADS_PER_CLIENT} shares uploading; try again when one has finished.`
          : `${config.shares.maxUploads} shares are uploading already, the most this playground receives at once.`;
      return finish(problemResponse("uploads-busy", { requestId, detail, retryAfterSeconds: UPLOAD_RETRY_AFTER_SECONDS }));
    }
    try {
      return await withDatabase(config, context, (library) =>
        receiveAndStore(request, config, context, library, { boundary, declared: Number.isFinite(declared) ? declared : null }),
      );
    } finally {
      slot.release();
    }
  });
}

async function receiveAndStore(
  request: Request,
  config: ServerConfig,
  context: RouteContext,
  library: DatabaseConnection,
  upload: { boundary: string; declared: number | null },
): Promise<Response> {
  const { requestId, finish } = context;
  const limit = config.shares.shareBytes;
  const now = new Date();
  // Each share made also clears a batch of expired ones: the library purges as it is used.
  await purgeExpired(library, now);
  // The library's free room, checked before anything is written: by the declared size now, and by
  // the bytes that arrive while they arrive (the exact check is made again as the share is stored).
  const room = config.shares.libraryBytes - (await libraryBytes(library.db));
  if (room <= 0 || (upload.declared !== null && upload.declared > room + MULTIPART_OVERHEAD_BYTES)) {
    return finish(libraryFull(config, requestId));
  }
  const staging = uploadStagingFolder(library.files.stagingRoot);
  try {
    const received = await receiveShareUpload(request.body ?? new ReadableStream(), upload.boundary, {
      staging,
      maxBytes: Math.min(limit, room) + MULTIPART_OVERHEAD_BYTES,
      secrets: [config.service?.apiKey ?? "", DEMO_API_KEY],
    });
    if (!received.ok) {
      if (received.reason === "too-large") return finish(room < limit ? libraryFull(config, requestId) : tooLarge(limit, requestId));
      return finish(problemResponse("share-invalid", { requestId, detail: received.detail }));
    }
    const { expiresInDays, ...share } = received.upload;
    const expiresAt = expiresInDays === null ? null : new Date(now.getTime() + expiresInDays * DAY_MS);
    // "by <name>" on its page, and the author in the audit log, when people sign in with a provider.
    const viewer = await currentViewer(request.headers, config.access);
    const authorName = config.access.oidc && viewer ? viewer.author.name : null;
    const created = await createShare(
      library,
      { ...share, expiresAt, authorName },
      { shareBytes: limit, libraryBytes: config.shares.libraryBytes },
      now,
    );
    const logged = { bytesIn: received.size };
    if (!created.ok) {
      if (created.reason === "library-full") return finish(libraryFull(config, requestId), logged);
      const detail = `This share is ${formatMb(created.size)}; a share can be at most ${formatMb(created.limit)}. Nothing was stored.`;
      return finish(problemResponse("share-too-large", { requestId, detail }), logged);
    }
    if (created.created && viewer)
      auditLater(config, { action: "share", author: viewer.author, requestId, detail: `${share.kind} /s/${created.id}` });
    const answer = {
      id: created.id,
      path: `/s/${created.id}`,
      created: created.created,
      expiresAt: created.expiresAt?.toISOString() ?? null,
    };
    return finish(
      new Response(JSON.stringify(answer), {
        status: created.created ? 201 : 200,
        headers: { "content-type": "application/json", "cache-control": "no-store" },
      }),
      logged,
    );
  } finally {
    await discardStaging(staging);
  }
}

function tooLarge(limit: number, requestId: string): Response {
  return problemResponse("share-too-large", { requestId, detail: `A share can be at most ${formatMb(limit)}. Nothing was stored.` });
}

function libraryFull(config: ServerConfig, requestId: string): Response {
  const detail = `The share library is full (${formatMb(config.shares.libraryBytes)}). Stop sharing older results, or ask whoever runs the playground to raise PLAYGROUND_SHARES_MAX_MB. Nothing was stored.`;
  return problemResponse("library-full", { requestId, detail });
}

const stopSchema = z.object({ ownerToken: z.string().check(z.minLength(1), z.maxLength(200)) });

export function handleStopSharing(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return withRouteContext("/api/shares/:id", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const guarded = await readGuardedJson(request, config, context, async () => {
      const rate = await takeFailingOpen(shareLimit(config), limitStoreFor(config.shares), clientOf(request, config));
      if (rate.ok) return null;
      const detail = `This playground allows ${config.shares.perHour} share changes an hour from each client.`;
      return finish(problemResponse("share-rate-limited", { requestId, detail, retryAfterSeconds: rate.retryAfterSeconds }));
    });
    if (!guarded.ok) return guarded.response;
    const parsed = stopSchema.safeParse(guarded.payload);
    if (!parsed.success) return finish(problemResponse("invalid-request", { requestId, detail: 'Send {"ownerToken": …}.' }));
    return withDatabase(config, context, async (library) => {
      const result = await stopSharing(library, id, parsed.data.ownerToken);
      if (result === "missing")
        return finish(problemResponse("share-not-found", { requestId, detail: "It may have been stopped already." }));
      if (result === "not-owner") {
        return finish(problemResponse("share-not-owner", { requestId, detail: "This browser did not share it, so it cannot stop it." }));
      }
      const viewer = await currentViewer(request.headers, config.access);
      if (viewer) auditLater(config, { action: "stop-sharing", author: viewer.author, requestId, detail: `/s/${id}` });
      return finish(new Response(null, { status: 204, headers: { "cache-control": "no-store" } }));
    });
  });
}

export function handleShareFile(request: Request, configResult: ConfigResult, id: string, name: string): Promise<Response> {
  return withRouteContext("/api/shares/:id/files/:name", configResult, async (config, context) => {
    const { requestId, finish } = context;
    const refusal = await refuseWithoutSession(request, config, requestId);
    if (refusal) return finish(refusal);
    return withDatabase(config, context, async (library) => {
      const file = await readShareFile(library, id, name);
      if (file === "expired") return finish(problemResponse("share-expired", { requestId, detail: "Its files have been deleted." }));
      if (!file) return finish(problemResponse("share-not-found", { requestId, detail: "No such file in this share." }));
      // A share's files never change: a new share gets a new id.
      return finish(storedFileResponse(file, name));
    });
  });
}

function formatMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;
}
