import "server-only";
import { randomBytes } from "node:crypto";
import * as z from "zod/mini";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { problemResponse } from "@/lib/server/http/problem-response";
import { readRequestBody } from "@/lib/server/http/read-request-body";
import { refuseCaller, signInRequired } from "@/lib/server/http/request-guards";
import { withRouteContext, type RouteContext } from "@/lib/server/http/route-context";
import { callerOf } from "@/lib/server/people/current-viewer";
import type { Viewer } from "@/lib/server/people/author";
import { withShareDatabase } from "@/lib/server/shares/with-share-database";
import { addToCollection, createCollection, deleteCollection } from "@/lib/server/library/collection-store";
import { json, overPersonLimit } from "@/lib/server/library/library-route";
import { BATCH_CREATION_LIMIT } from "@/lib/server/limits/account-limits";
import { acquireUploadSlot, UPLOAD_RETRY_AFTER_SECONDS, UPLOADS_PER_CLIENT } from "@/lib/server/limits/upload-slots";
import { clientOf } from "@/lib/server/http/client-address";
import { readBatchRows, type BatchSource } from "@/lib/batches/batch-rows";
import { batchRunId, ROW_STATES, type BatchRowView } from "@/lib/batches/batch-types";
import { COLLECTION_NAME_MAX_CHARS, COLLECTIONS_PER_PERSON_MAX } from "@/lib/library/collection-types";
import { batchesFor, batchFor, batchRowsPage, changeBatch, insertBatch, type BatchAction } from "./batch-store";
import { endedBatch, noteWebhook } from "./batch-rows-store";
import { ensureBatchRunner } from "./batch-service";
import { callWebhook, newWebhookSecret, webhookRefusal } from "./batch-webhook";
import { batchCsvLines } from "./batch-csv";

/**
 * The batch routes: make a batch (JSON rows, or a CSV / TSV / JSON-lines body), list and read
 * batches, change one (pause, resume, cancel, retry failed rows), page its rows, export it as CSV.
 * Each acts for the caller only, who is signed in (a session) or a script (a personal API token);
 * changes from a browser must come from this playground's own pages. Batches need the library:
 * their runs go to it.
 */

/** A batch's upload: 10,000 rows of long prompts with room to spare. */
export const BATCH_BODY_MAX_BYTES = 16 * 1024 * 1024;
const ROWS_PAGE_MAX = 500;
const CONCURRENCY_MAX = 64;

type BatchWork = (config: ServerConfig, context: RouteContext, viewer: Viewer, connection: DatabaseConnection) => Promise<Response>;

function batchRoute(route: string, request: Request, configResult: ConfigResult, access: "read" | "change", work: BatchWork) {
  return withRouteContext(route, configResult, async (config, context) => {
    const { requestId, finish } = context;
    if (!config.library.enabled) {
      const detail = "PLAYGROUND_LIBRARY is off: batches keep their runs in the library, so they need it on.";
      return finish(problemResponse("batches-unavailable", { requestId, detail }));
    }
    if (access === "change") {
      const refused = await refuseCaller(request, config, requestId, { tokens: true });
      if (refused) return finish(refused);
    }
    const viewer = await callerOf(request, config.access, { tokens: true });
    if (!viewer) return finish(signInRequired(requestId));
    return withShareDatabase(
      config,
      context,
      async (connection) => {
        void ensureBatchRunner(config);
        return work(config, context, viewer, connection);
      },
      "library-unavailable",
    );
  });
}

const FORMATS: Record<string, "csv" | "tsv" | "jsonl"> = {
  "text/csv": "csv",
  "text/tab-separated-values": "tsv",
  "application/x-ndjson": "jsonl",
  "application/jsonl": "jsonl",
  "application/x-jsonlines": "jsonl",
};

const batchRequestSchema = z.object({
  name: z.optional(z.string()),
  rows: z.optional(z.array(z.unknown())),
  text: z.optional(z.string()),
  format: z.optional(z.enum(["csv", "tsv", "jsonl"])),
  columns: z.optional(z.record(z.string(), z.string())),
  cross: z.optional(z.object({ models: z.array(z.string()), ratios: z.array(z.string()) })),
  concurrency: z.optional(z.number()),
  webhook: z.optional(z.string()),
});

type BatchRequest = z.infer<typeof batchRequestSchema>;

/** What was sent, as one shape: a JSON body as it is; a text body with its settings in the query. */
async function readBatchRequest(
  request: Request,
  context: RouteContext,
): Promise<{ ok: true; value: BatchRequest } | { ok: false; response: Response }> {
  const { requestId, finish } = context;
  const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const format = FORMATS[type];
  if (type !== "application/json" && !format) {
    const detail = "Send the batch as JSON (application/json), or its rows as text/csv, text/tab-separated-values or application/x-ndjson.";
    return { ok: false, response: finish(problemResponse("unsupported-media-type", { requestId, detail })) };
  }
  const body = await readRequestBody(request, BATCH_BODY_MAX_BYTES);
  if (!body.ok) {
    const detail =
      body.reason === "too-large"
        ? `A batch's upload can be at most ${BATCH_BODY_MAX_BYTES / 1024 / 1024} MB.`
        : body.reason === "too-slow"
          ? "The upload took too long to arrive."
          : "The upload broke off.";
    return {
      ok: false,
      response: finish(problemResponse(body.reason === "too-large" ? "body-too-large" : "invalid-json", { requestId, detail })),
    };
  }
  if (format) {
    const params = new URL(request.url).searchParams;
    const concurrency = params.get("concurrency");
    return {
      ok: true,
      value: {
        text: body.text,
        format,
        ...(params.get("name") ? { name: params.get("name") ?? "" } : {}),
        ...(concurrency ? { concurrency: Number(concurrency) } : {}),
        ...(params.get("webhook") ? { webhook: params.get("webhook") ?? "" } : {}),
      },
    };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body.text);
  } catch {
    return { ok: false, response: finish(problemResponse("invalid-json", { requestId, detail: "The body could not be parsed as JSON." })) };
  }
  const parsed = batchRequestSchema.safeParse(payload);
  if (!parsed.success) {
    const detail = `The batch must be {"name", "rows": [...]} or {"name", "text", "format"}: ${z.prettifyError(parsed.error).replace(/\n/g, " ")}`;
    return { ok: false, response: finish(problemResponse("batch-invalid", { requestId, detail })) };
  }
  return { ok: true, value: parsed.data };
}

const invalid = (context: RouteContext, detail: string, errors?: Record<string, string[]>) =>
  context.finish(problemResponse("batch-invalid", { requestId: context.requestId, detail, ...(errors ? { errors } : {}) }));

export function handleCreateBatch(request: Request, configResult: ConfigResult): Promise<Response> {
  return batchRoute("/api/batches", request, configResult, "change", async (config, context, viewer, connection) => {
    const limited = await overPersonLimit(BATCH_CREATION_LIMIT, "30 batches a minute", config, context, viewer.author.id);
    if (limited) return limited;
    // A turn among the uploads under way before the body is read: a crowd of 16 MB bodies waits here.
    const slot = acquireUploadSlot(clientOf(request, config), config.shares.maxUploads);
    if (!slot.ok) {
      const detail =
        slot.reason === "client"
          ? `This client already has ${UPLOADS_PER_CLIENT} uploads under way; send the batch when one has finished.`
          : `${config.shares.maxUploads} uploads are under way, the most this playground receives at once.`;
      return context.finish(
        problemResponse("uploads-busy", { requestId: context.requestId, detail, retryAfterSeconds: UPLOAD_RETRY_AFTER_SECONDS }),
      );
    }
    const read = await readBatchRequest(request, context).finally(slot.release);
    if (!read.ok) return read.response;
    const sent = read.value;
    const name = (sent.name ?? "").trim() || `Batch of ${new Date().toISOString().slice(0, 16).replace("T", " ")}`;
    if (name.length > COLLECTION_NAME_MAX_CHARS) return invalid(context, `name: at most ${COLLECTION_NAME_MAX_CHARS} characters.`);
    const concurrency = sent.concurrency ?? config.batches.concurrency;
    if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > CONCURRENCY_MAX) {
      return invalid(context, `concurrency: a whole number from 1 to ${CONCURRENCY_MAX}.`);
    }
    const webhookUrl = sent.webhook?.trim() || null;
    if (webhookUrl) {
      const refusal = webhookRefusal(webhookUrl, config.batches.webhookHosts);
      if (refusal) return invalid(context, `webhook: ${refusal}.`);
    }
    let source: BatchSource;
    if (sent.rows) source = { kind: "rows", rows: sent.rows };
    else if (sent.text !== undefined) source = { kind: "text", format: sent.format ?? "csv", text: sent.text };
    else return invalid(context, 'Send the rows: "rows" (a JSON array), or "text" with its "format".');
    const rows = readBatchRows(source, {
      promptMaxChars: config.promptMaxChars,
      extraFields: config.extraFields,
      maxRows: config.batches.maxRows,
      ...(sent.columns ? { columns: sent.columns } : {}),
      ...(sent.cross ? { cross: sent.cross } : {}),
    });
    if (!rows.ok) {
      const errors = Object.fromEntries(rows.problems.map((problem) => [`line ${problem.line}`, [problem.message]]));
      return invalid(context, rows.message, errors);
    }
    const author = viewer.author;
    const collection = await createCollection(connection, author, { name, visibility: "private" });
    if (!collection) {
      return context.finish(
        problemResponse("collection-full", {
          requestId: context.requestId,
          detail: `A batch's runs go to a collection of its own, and you have ${COLLECTIONS_PER_PERSON_MAX} collections, the most one person may. Delete one first.`,
        }),
      );
    }
    const id = randomBytes(9).toString("base64url");
    // Every row's run is named on the collection now, and shows there once it has arrived.
    const named = await addToCollection(
      connection,
      collection.id,
      author.id,
      rows.rows.map((_, position) => batchRunId(id, position)),
    );
    if ("full" in named) {
      await deleteCollection(connection, collection.id);
      return invalid(context, `A batch's runs go to a collection, which holds at most ${named.full.max.toLocaleString("en")} runs.`);
    }
    const webhookSecret = webhookUrl ? newWebhookSecret() : null;
    const currency = Object.values(config.prices).find((price) => price.perImage !== null)?.currency ?? null;
    const made = await insertBatch(
      connection,
      {
        id,
        author,
        name,
        rows: rows.rows,
        concurrency,
        collectionId: collection.id,
        webhook: webhookUrl && webhookSecret ? { url: webhookUrl, secret: webhookSecret } : null,
        currency,
      },
      config.batches.perPerson,
    ).catch(async (error: unknown) => {
      await deleteCollection(connection, collection.id).catch(() => undefined);
      throw error;
    });
    if (!made) {
      await deleteCollection(connection, collection.id);
      const detail = `You have ${config.batches.perPerson} batches queued, running or paused, the most one person may have at once. Wait for one to end, or cancel one.`;
      return context.finish(problemResponse("batches-busy", { requestId: context.requestId, detail, retryAfterSeconds: 60 }));
    }
    (await ensureBatchRunner(config))?.wake();
    return context.finish(
      json({ id: made.id, total: made.total, collectionId: made.collectionId, ...(webhookSecret ? { webhookSecret } : {}) }, 201),
    );
  });
}

export function handleListBatches(request: Request, configResult: ConfigResult): Promise<Response> {
  return batchRoute("/api/batches", request, configResult, "read", async (_config, context, viewer, connection) =>
    context.finish(json({ batches: await batchesFor(connection, viewer.author.id) })),
  );
}

const notFound = (context: RouteContext) =>
  context.finish(problemResponse("batch-not-found", { requestId: context.requestId, detail: "No batch of yours has that id." }));

export function handleReadBatch(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return batchRoute("/api/batches/:id", request, configResult, "read", async (_config, context, viewer, connection) => {
    const batch = await batchFor(connection, id, viewer.author.id);
    return batch ? context.finish(json(batch)) : notFound(context);
  });
}

const ACTIONS: Record<string, BatchAction> = { cancel: "cancel", pause: "pause", resume: "resume", retry: "retry-failed" };

export function handleChangeBatch(request: Request, configResult: ConfigResult, id: string, verb: string): Promise<Response> {
  return batchRoute("/api/batches/:id/:action", request, configResult, "change", async (config, context, viewer, connection) => {
    const action = ACTIONS[verb];
    if (!action) return notFound(context);
    const before = await batchFor(connection, id, viewer.author.id);
    if (!before) return notFound(context);
    const changed = await changeBatch(connection, id, viewer.author.id, action);
    if (!changed) {
      const detail = `A ${before.state} batch cannot be ${{ cancel: "cancelled", pause: "paused", resume: "resumed", "retry-failed": "retried" }[action]}${action === "retry-failed" && before.failed === 0 ? " (it has no failed rows)" : ""}.`;
      return context.finish(problemResponse("batch-not-changed", { requestId: context.requestId, detail }));
    }
    if (action === "cancel") void announceCancel(config, connection, id);
    (await ensureBatchRunner(config))?.wake();
    const after = await batchFor(connection, id, viewer.author.id);
    return context.finish(json(after));
  });
}

/** A cancelled batch has ended too: its webhook says so. */
async function announceCancel(config: ServerConfig, connection: DatabaseConnection, id: string): Promise<void> {
  const ended = await endedBatch(connection, id).catch(() => null);
  if (!ended?.webhookUrl) return;
  const outcome = await callWebhook(ended, config.batches.webhookHosts);
  await noteWebhook(connection, id, outcome).catch(() => undefined);
}

export function handleBatchRows(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return batchRoute("/api/batches/:id/rows", request, configResult, "read", async (_config, context, viewer, connection) => {
    if (!(await batchFor(connection, id, viewer.author.id))) return notFound(context);
    const params = new URL(request.url).searchParams;
    const after = Number.parseInt(params.get("after") ?? "-1", 10);
    const limit = Math.min(ROWS_PAGE_MAX, Math.max(1, Number.parseInt(params.get("limit") ?? "100", 10) || 100));
    const state = params.get("state");
    if (state !== null && !(ROW_STATES as readonly string[]).includes(state)) {
      return invalid(context, `state: one of ${ROW_STATES.join(", ")}.`);
    }
    const rows = await batchRowsPage(connection, id, {
      after: Number.isFinite(after) ? after : -1,
      limit,
      state: state as BatchRowView["state"] | null,
    });
    return context.finish(json({ rows }));
  });
}

export function handleExportBatch(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return batchRoute("/api/batches/:id/export", request, configResult, "read", async (config, context, viewer, connection) => {
    const batch = await batchFor(connection, id, viewer.author.id);
    if (!batch) return notFound(context);
    const encoder = new TextEncoder();
    const lines = batchCsvLines(connection, batch, viewer.author.id, config);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
    });
    const file = `${batch.name.replace(/[^\w .-]+/g, "_").slice(0, 60) || "batch"}.csv`;
    return context.finish(
      new Response(body, {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="${file}"`,
          "cache-control": "no-store",
        },
      }),
    );
  });
}
