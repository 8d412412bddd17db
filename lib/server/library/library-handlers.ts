import "server-only";
import * as z from "zod/mini";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import { DEMO_API_KEY } from "@/lib/server/demo-service/embedded-demo";
import { clientOf } from "@/lib/server/http/client-address";
import { multipartBoundary } from "@/lib/server/http/multipart-stream";
import { problemResponse } from "@/lib/server/http/problem-response";
import { storedFileResponse } from "@/lib/server/http/stored-file-response";
import { readRequestBody } from "@/lib/server/http/read-request-body";
import { acquireUploadSlot, UPLOAD_RETRY_AFTER_SECONDS, UPLOADS_PER_CLIENT } from "@/lib/server/limits/upload-slots";
import { discardStaging, uploadStagingFolder } from "@/lib/server/uploads/receive-run-files";
import { cursorText, readCursor, verdictChangeSchema } from "@/lib/library/library-types";
import {
  deleteLibraryRuns,
  keepRun,
  knownRunIds,
  libraryChanges,
  libraryUsage,
  newestRuns,
  readLibraryFile,
  searchLibrary,
  setLibraryVerdict,
  ANY_LIBRARY_QUERY,
  type SearchCursor,
} from "./library-store";
import { receiveLibraryUpload } from "./library-upload";
import { withServerThumbnail } from "./server-thumbnail";
import { searchTeam } from "./team-search";
import { readRunPlace, runPlaceText } from "./run-place-cursor";
import { LIBRARY_SEARCH_LIMIT } from "@/lib/server/limits/account-limits";
import { json, libraryRoute, overPersonLimit, readJson } from "./library-route";

/**
 * The library routes, each scoped to the person making the request (the design's one rule: "you",
 * "team", or the signed-in person): keep a run, follow the change feed, page the newest runs, read
 * a file, set a verdict, delete, and the person's usage. Reading needs a session behind the gate;
 * changing also needs the same origin. With PLAYGROUND_LIBRARY=off every route answers 404.
 */

/** Multipart framing and the run's JSON around its files. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;
const FEED_PAGE = 100;
const NEWEST_PAGE_MAX = 200;
const HASH = /^[0-9a-f]{64}$/;

export function handleKeepRun(request: Request, configResult: ConfigResult): Promise<Response> {
  return libraryRoute("/api/library/runs", request, configResult, "change", async (config, context, author, connection) => {
    const { requestId, finish } = context;
    const boundary = multipartBoundary(request.headers.get("content-type") ?? "");
    if (!boundary || !request.body) {
      return finish(problemResponse("library-not-multipart", { requestId, detail: "Send the run and its files as multipart/form-data." }));
    }
    const runLimit = config.shares.shareBytes;
    const declaredHeader = Number.parseInt(request.headers.get("content-length") ?? "", 10);
    const declared = Number.isFinite(declaredHeader) ? declaredHeader : null;
    if (declared !== null && declared > runLimit + MULTIPART_OVERHEAD_BYTES) return finish(runTooLarge(runLimit, requestId));
    // A turn among the uploads under way before any database work: a crowd waits here, cheaply.
    const slot = acquireUploadSlot(clientOf(request, config), config.shares.maxUploads);
    if (!slot.ok) {
      const detail =
        slot.reason === "client"
          ? `This client already has ${UPLOADS_PER_CLIENT} uploads under way; the run goes to your library when one has finished.`
          : `${config.shares.maxUploads} uploads are under way, the most this playground receives at once.`;
      return finish(problemResponse("uploads-busy", { requestId, detail, retryAfterSeconds: UPLOAD_RETRY_AFTER_SECONDS }));
    }
    const staging = uploadStagingFolder(connection.files.stagingRoot);
    try {
      const usage = await libraryUsage(connection, author);
      const room = config.library.bytesPerPerson - usage.bytes;
      if (room <= 0 || (declared !== null && declared > room + MULTIPART_OVERHEAD_BYTES)) {
        return finish(quotaReached(config, usage.bytes, requestId));
      }
      const received = await receiveLibraryUpload(request.body, boundary, {
        staging,
        maxBytes: Math.min(runLimit, room) + MULTIPART_OVERHEAD_BYTES,
        secrets: [config.service?.apiKey ?? "", DEMO_API_KEY],
      });
      if (!received.ok) {
        if (received.reason === "too-large") {
          return finish(room < runLimit ? quotaReached(config, usage.bytes, requestId) : runTooLarge(runLimit, requestId));
        }
        return finish(problemResponse("library-run-invalid", { requestId, detail: received.detail }));
      }
      const { record, verdictAt } = received.upload;
      const files = await withServerThumbnail(record, received.upload.files);
      // The exact size, now that it is known (the framing around the files is not counted).
      const runBytes = files.reduce((total, file) => total + ("data" in file ? file.data.byteLength : file.bytes), 0);
      if (runBytes > room) return finish(quotaReached(config, usage.bytes, requestId), { bytesIn: received.size });
      const kept = await keepRun(connection, author, {
        record,
        verdictAt,
        files: files.map((file) => ({
          name: file.name,
          contentType: file.contentType,
          bytes: "data" in file ? file.data.byteLength : file.bytes,
          source: "data" in file ? { data: file.data } : { path: file.path },
        })),
      });
      return finish(json(kept, kept.state === "kept" ? 201 : 200), { bytesIn: received.size });
    } finally {
      slot.release();
      await discardStaging(staging);
    }
  });
}

export function handleLibraryChanges(request: Request, configResult: ConfigResult): Promise<Response> {
  return libraryRoute("/api/library/changes", request, configResult, "read", async (_config, context, author, connection) => {
    const after = new URL(request.url).searchParams.get("after");
    const cursor = after === null ? null : readCursor(after);
    if (after !== null && cursor === null) {
      return context.finish(
        problemResponse("invalid-request", { requestId: context.requestId, detail: "after must be a cursor the feed gave." }),
      );
    }
    const page = await libraryChanges(connection, author, cursor, FEED_PAGE);
    return context.finish(json({ entries: page.entries, cursor: cursorText(page.cursor) }));
  });
}

export function handleNewestRuns(request: Request, configResult: ConfigResult): Promise<Response> {
  return libraryRoute("/api/library/runs", request, configResult, "read", async (_config, context, author, connection) => {
    const params = new URL(request.url).searchParams;
    const limit = Math.min(NEWEST_PAGE_MAX, Math.max(1, Number.parseInt(params.get("limit") ?? "50", 10) || 50));
    const before = /^(\d{1,16})\.(.{1,100})$/.exec(params.get("before") ?? "");
    const entries = await newestRuns(connection, author, before ? { createdAt: Number(before[1]), id: before[2] ?? "" } : null, limit);
    return context.finish(json({ entries }));
  });
}

const SEARCH_PAGE_MAX = 100;
const SEARCH_TEXT_MAX_CHARS = 200;

/** A search page's place, as `next` gives it: rating, time and id. */
function readSearchCursor(text: string | null): SearchCursor | null {
  const match = /^(\d)\.(\d{1,16})\.(.{1,100})$/.exec(text ?? "");
  return match ? { rating: Number(match[1]), createdAt: Number(match[2]), id: match[3] ?? "" } : null;
}

const searchCursorText = (cursor: SearchCursor) => `${cursor.rating}.${cursor.createdAt}.${cursor.id}`;

function readTime(text: string | null): number | null {
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isFinite(time) ? time : null;
}

export function handleSearchLibrary(request: Request, configResult: ConfigResult): Promise<Response> {
  return libraryRoute("/api/library/search", request, configResult, "read", async (config, context, author, connection) => {
    const limited = await overPersonLimit(
      LIBRARY_SEARCH_LIMIT,
      `${LIBRARY_SEARCH_LIMIT.points} searches a minute`,
      config,
      context,
      author,
    );
    if (limited) return limited;
    const params = new URL(request.url).searchParams;
    const text = params.get("q") ?? "";
    if (text.length > SEARCH_TEXT_MAX_CHARS) {
      const detail = `A search can be at most ${SEARCH_TEXT_MAX_CHARS} characters.`;
      return context.finish(problemResponse("invalid-request", { requestId: context.requestId, detail }));
    }
    const rating = Number.parseInt(params.get("rating") ?? "", 10);
    const query = {
      ...ANY_LIBRARY_QUERY,
      text,
      model: params.get("model") || null,
      ratio: params.get("ratio") || null,
      minRating: rating >= 1 && rating <= 5 ? rating : null,
      picked: params.get("picked") === "1",
      starred: params.get("starred") === "1",
      status: params.get("status") || null,
      from: readTime(params.get("from")),
      to: readTime(params.get("to")),
      order: params.get("order") === "rating" ? ("rating" as const) : ("newest" as const),
      limit: Math.min(SEARCH_PAGE_MAX, Math.max(1, Number.parseInt(params.get("limit") ?? "50", 10) || 50)),
    };
    if (params.get("scope") === "team") {
      // The Team view: runs on the collections the caller may see, whoever made them.
      const by = (params.get("by") ?? "").trim().slice(0, 255) || null;
      const team = await searchTeam(connection, author, { ...query, by, after: readRunPlace(params.get("after")) });
      return context.finish(json({ entries: team.entries, next: team.next ? runPlaceText(team.next) : null }));
    }
    const found = await searchLibrary(connection, author, { ...query, after: readSearchCursor(params.get("after")) });
    return context.finish(json({ entries: found.entries, next: found.next ? searchCursorText(found.next) : null }));
  });
}

export function handleLibraryFile(request: Request, configResult: ConfigResult, hash: string, name: string): Promise<Response> {
  return libraryRoute("/api/library/files/:hash", request, configResult, "read", async (_config, context, author, connection) => {
    const { requestId, finish } = context;
    const file = HASH.test(hash) ? await readLibraryFile(connection, author, hash) : null;
    if (!file) return finish(problemResponse("share-not-found", { requestId, detail: "No such file in your library." }));
    // Named by their content: the same address always holds the same bytes.
    const safeName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name) ? name : "file";
    return finish(storedFileResponse(file, safeName));
  });
}

export function handleSetVerdict(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return libraryRoute("/api/library/runs/:id/verdict", request, configResult, "change", async (config, context, author, connection) => {
    const guarded = await readJson(request, config, context);
    if (!guarded.ok) return guarded.response;
    const parsed = verdictChangeSchema.safeParse(guarded.payload);
    if (!parsed.success) {
      const detail = 'Send {"verdict": {"starred": …, "rating"?: 1–5, "picked"?: …, "note"?: …}, "at": <ms>}.';
      return context.finish(problemResponse("invalid-request", { requestId: context.requestId, detail }));
    }
    const applied = await setLibraryVerdict(connection, author, id, parsed.data.verdict, parsed.data.at);
    return context.finish(json({ applied }));
  });
}

const deleteSchema = z.union([
  z.object({ ids: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.minLength(1), z.maxLength(10_000)) }),
  z.object({ all: z.literal(true) }),
]);

export function handleDeleteRuns(request: Request, configResult: ConfigResult): Promise<Response> {
  return libraryRoute("/api/library/runs", request, configResult, "change", async (config, context, author, connection) => {
    const guarded = await readJson(request, config, context);
    if (!guarded.ok) return guarded.response;
    const parsed = deleteSchema.safeParse(guarded.payload);
    if (!parsed.success) {
      return context.finish(
        problemResponse("invalid-request", { requestId: context.requestId, detail: 'Send {"ids": […]} or {"all": true}.' }),
      );
    }
    const deleted = await deleteLibraryRuns(connection, author, "all" in parsed.data ? "all" : parsed.data.ids);
    return context.finish(json({ deleted }));
  });
}

const knownSchema = z.object({ ids: z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.maxLength(1000)) });

export function handleKnownRuns(request: Request, configResult: ConfigResult): Promise<Response> {
  return libraryRoute("/api/library/known", request, configResult, "change", async (config, context, author, connection) => {
    const guarded = await readJson(request, config, context);
    if (!guarded.ok) return guarded.response;
    const parsed = knownSchema.safeParse(guarded.payload);
    if (!parsed.success) {
      return context.finish(
        problemResponse("invalid-request", { requestId: context.requestId, detail: 'Send {"ids": […]}, at most 1,000.' }),
      );
    }
    return context.finish(json({ known: await knownRunIds(connection, author, parsed.data.ids) }));
  });
}

export function handleLibraryUsage(request: Request, configResult: ConfigResult): Promise<Response> {
  return libraryRoute("/api/library/usage", request, configResult, "read", async (config, context, author, connection) => {
    const usage = await libraryUsage(connection, author);
    return context.finish(json({ ...usage, limitBytes: config.library.bytesPerPerson }));
  });
}

function runTooLarge(limit: number, requestId: string): Response {
  const detail = `A run can be at most ${formatMb(limit)} in the library. It is still kept in this browser.`;
  return problemResponse("library-run-too-large", { requestId, detail });
}

function quotaReached(config: ServerConfig, used: number, requestId: string): Response {
  const detail = `Your library holds ${formatMb(used)} of the ${formatMb(config.library.bytesPerPerson)} each person may keep. Delete older runs, or ask whoever runs the playground to raise PLAYGROUND_LIBRARY_MAX_MB_PER_PERSON. The run is still kept in this browser.`;
  return problemResponse("library-quota", { requestId, detail });
}

function formatMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;
}

/** POST /api/library/clear: an admin deletes every run of one person's library (a plain form post, answered 303). */
export function handleClearLibrary(request: Request, configResult: ConfigResult): Promise<Response> {
  return libraryRoute("/api/library/clear", request, configResult, "change", async (_config, context, _author, connection, viewer) => {
    const back = (notice: string) =>
      context.finish(
        new Response(null, { status: 303, headers: { location: `/usage?library=${notice}#library`, "cache-control": "no-store" } }),
      );
    if (viewer.role !== "admin") return back("not-admin");
    const body = await readRequestBody(request, 1024);
    const form = new URLSearchParams(body.ok ? body.text : "");
    const person = (form.get("person") ?? "").trim();
    if (person === "" || person.length > 255 || form.get("confirm") !== "yes") return back("invalid");
    await deleteLibraryRuns(connection, person, "all");
    return back("cleared");
  });
}
