import "server-only";
import type * as z from "zod/mini";
import type { ConfigResult, ServerConfig } from "@/lib/server/config/config";
import type { DatabaseConnection } from "@/lib/server/database/connection";
import { problemResponse } from "@/lib/server/http/problem-response";
import type { RouteContext } from "@/lib/server/http/route-context";
import { storedFileResponse } from "@/lib/server/http/stored-file-response";
import type { Viewer } from "@/lib/server/people/author";
import {
  addRunsSchema,
  COLLECTION_MAX_MEMBERS,
  COLLECTIONS_PER_PERSON_MAX,
  collectionChangeSchema,
  linkRequestSchema,
  memberChangeSchema,
  newCollectionSchema,
  removeRunsSchema,
  type CollectionRole,
  type CollectionSummary,
} from "@/lib/library/collection-types";
import {
  addToCollection,
  changeCollection,
  collectionFor,
  collectionMembers,
  collectionRuns,
  collectionsFor,
  createCollection,
  deleteCollection,
  readCollectionFile,
  removeFromCollection,
  setCollectionMember,
} from "./collection-store";
import { COLLECTION_CHANGE_LIMIT } from "@/lib/server/limits/account-limits";
import { json, libraryRoute, overPersonLimit, readJson } from "./library-route";
import { readRunPlace, runPlaceText } from "./run-place-cursor";
import { collectionByLink, makeCollectionLink, stopCollectionLink } from "./collection-links";

/**
 * The collection routes. Each looks the collection up as the caller sees it (a collection they may
 * not see answers 404, as if it did not exist) and checks their role before changing anything:
 * the owner renames, shares, gives roles and deletes; editors add and remove runs; viewers read.
 */

const RUNS_PAGE_MAX = 200;

const count = (runs: number) => `${runs.toLocaleString("en")} run${runs === 1 ? "" : "s"}`;
const HASH = /^[0-9a-f]{64}$/;

/** Who may do what, from the least to the most. */
const RANK: Record<CollectionRole, number> = { viewer: 0, editor: 1, owner: 2 };

type CollectionWork = (
  collection: CollectionSummary,
  connection: DatabaseConnection,
  context: RouteContext,
  viewer: Viewer,
  config: ServerConfig,
) => Promise<Response>;

function collectionRoute(
  route: string,
  request: Request,
  configResult: ConfigResult,
  id: string,
  needs: CollectionRole,
  work: CollectionWork,
): Promise<Response> {
  return libraryRoute(
    route,
    request,
    configResult,
    needs === "viewer" ? "read" : "change",
    async (config, context, author, connection, viewer) => {
      const { requestId, finish } = context;
      if (needs !== "viewer") {
        const limited = await overChangeLimit(config, context, author);
        if (limited) return limited;
      }
      let collection = id.length <= 40 ? await collectionFor(connection, id, author) : null;
      // Not theirs to see: a link for people outside lets them read it (and only read).
      const link = new URL(request.url).searchParams.get("link");
      if (!collection && link !== null && needs === "viewer") {
        const found = await collectionByLink(connection, id, link);
        if (found.state === "expired") {
          return finish(problemResponse("share-expired", { requestId, detail: "This link to a collection has expired." }));
        }
        if (found.state === "found") collection = found.collection;
      }
      if (!collection)
        return finish(problemResponse("collection-not-found", { requestId, detail: "It may have been deleted, or not shared with you." }));
      if (RANK[collection.role] < RANK[needs]) {
        const detail =
          needs === "owner"
            ? `Only ${collection.ownerName}, who made this collection, can do that.`
            : `You are a viewer of this collection: ask ${collection.ownerName} to make you an editor.`;
        return finish(problemResponse("collection-role", { requestId, detail }));
      }
      return work(collection, connection, context, viewer, config);
    },
  );
}

const overChangeLimit = (config: ServerConfig, context: RouteContext, person: string) =>
  overPersonLimit(COLLECTION_CHANGE_LIMIT, `${COLLECTION_CHANGE_LIMIT.points} changes to collections a minute`, config, context, person);

const invalid = (context: RouteContext, detail: string) =>
  context.finish(problemResponse("invalid-request", { requestId: context.requestId, detail }));

/** A JSON body of this shape, or the answer that refuses it (saying what to send). */
async function bodyOf<T>(
  request: Request,
  config: ServerConfig,
  context: RouteContext,
  schema: z.ZodMiniType<T>,
  expected: string,
): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  const guarded = await readJson(request, config, context);
  if (!guarded.ok) return guarded;
  const parsed = schema.safeParse(guarded.payload);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, response: await invalid(context, expected) };
}

/** GET /api/collections: every collection the caller may see. */
export function handleListCollections(request: Request, configResult: ConfigResult): Promise<Response> {
  return libraryRoute("/api/collections", request, configResult, "read", async (_config, context, author, connection) =>
    context.finish(json({ collections: await collectionsFor(connection, author) })),
  );
}

/** POST /api/collections {name, visibility}: a new collection, owned by the caller. */
export function handleCreateCollection(request: Request, configResult: ConfigResult): Promise<Response> {
  return libraryRoute("/api/collections", request, configResult, "change", async (config, context, author, connection, viewer) => {
    const limited = await overChangeLimit(config, context, author);
    if (limited) return limited;
    const body = await bodyOf(
      request,
      config,
      context,
      newCollectionSchema,
      'Send {"name": "…" (1–80 characters), "visibility": "private" | "team"}.',
    );
    if (!body.ok) return body.response;
    const collection = await createCollection(connection, viewer.author, body.value);
    if (!collection) {
      const detail = `You have ${COLLECTIONS_PER_PERSON_MAX} collections, the most one person can have: delete one you no longer need, or add to one you have.`;
      return context.finish(problemResponse("collection-full", { requestId: context.requestId, detail }));
    }
    return context.finish(json({ collection }, 201));
  });
}

/** GET /api/collections/<id>: the collection, the caller's role, and (for its owner) its members. */
export function handleReadCollection(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return collectionRoute("/api/collections/:id", request, configResult, id, "viewer", async (collection, connection, context) => {
    const members = collection.role === "owner" ? await collectionMembers(connection, collection.id) : [];
    return context.finish(json({ collection, members }));
  });
}

/** PATCH /api/collections/<id> {name?, visibility?}: the owner renames it or shares it with the team. */
export function handleChangeCollection(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return collectionRoute(
    "/api/collections/:id",
    request,
    configResult,
    id,
    "owner",
    async (collection, connection, context, _viewer, config) => {
      const body = await bodyOf(
        request,
        config,
        context,
        collectionChangeSchema,
        'Send {"name"?: "…", "visibility"?: "private" | "team"}.',
      );
      if (!body.ok) return body.response;
      await changeCollection(connection, collection.id, body.value);
      return context.finish(json({ collection: { ...collection, ...body.value } }));
    },
  );
}

/** DELETE /api/collections/<id>: the owner deletes the collection (the runs stay in their libraries). */
export function handleDeleteCollection(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return collectionRoute("/api/collections/:id", request, configResult, id, "owner", async (collection, connection, context) => {
    await deleteCollection(connection, collection.id);
    return context.finish(json({ deleted: true }));
  });
}

/** GET /api/collections/<id>/runs?order=newest|rating&after=: a page of its runs with their files. */
export function handleCollectionRuns(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return collectionRoute("/api/collections/:id/runs", request, configResult, id, "viewer", async (collection, connection, context) => {
    const params = new URL(request.url).searchParams;
    const after = params.get("after");
    const cursor = after === null ? null : readRunPlace(after);
    if (after !== null && cursor === null) return invalid(context, "after must be a place the previous page gave.");
    const page = await collectionRuns(connection, collection.id, {
      order: params.get("order") === "rating" ? "rating" : "newest",
      after: cursor,
      limit: Math.min(RUNS_PAGE_MAX, Math.max(1, Number.parseInt(params.get("limit") ?? "60", 10) || 60)),
    });
    return context.finish(json({ entries: page.entries, next: page.next ? runPlaceText(page.next) : null }));
  });
}

/** POST /api/collections/<id>/runs {runIds}: an editor adds runs of their own library. */
export function handleAddRuns(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return collectionRoute(
    "/api/collections/:id/runs",
    request,
    configResult,
    id,
    "editor",
    async (collection, connection, context, viewer, config) => {
      const body = await bodyOf(request, config, context, addRunsSchema, 'Send {"runIds": […]}: 1 to 1,000 runs of your library.');
      if (!body.ok) return body.response;
      const added = await addToCollection(connection, collection.id, viewer.author.id, body.value.runIds);
      if ("full" in added) {
        const { holds, adding, max } = added.full;
        const detail = `${collection.name} holds ${count(holds)}, and a collection holds at most ${max.toLocaleString("en")}: ${adding === 1 ? "this run does" : `these ${adding} runs do`} not fit. Take some off, or add them to another collection.`;
        return context.finish(problemResponse("collection-full", { requestId: context.requestId, detail }));
      }
      return context.finish(json({ added: added.added }));
    },
  );
}

/** DELETE /api/collections/<id>/runs {runs: [{author, id}]}: an editor takes runs off (they stay in their libraries). */
export function handleRemoveRuns(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return collectionRoute(
    "/api/collections/:id/runs",
    request,
    configResult,
    id,
    "editor",
    async (collection, connection, context, _viewer, config) => {
      const body = await bodyOf(request, config, context, removeRunsSchema, 'Send {"runs": [{"author": "…", "id": "…"}, …]}.');
      if (!body.ok) return body.response;
      return context.finish(json({ removed: await removeFromCollection(connection, collection.id, body.value.runs) }));
    },
  );
}

/** POST /api/collections/<id>/link {days: 1 | 7 | 30 | null}: the owner makes its link for people outside (replacing any). */
export function handleMakeLink(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return collectionRoute(
    "/api/collections/:id/link",
    request,
    configResult,
    id,
    "owner",
    async (collection, connection, context, _viewer, config) => {
      const body = await bodyOf(
        request,
        config,
        context,
        linkRequestSchema,
        'Send {"days": 1 | 7 | 30 | null} (null: the link never expires).',
      );
      if (!body.ok) return body.response;
      const made = await makeCollectionLink(connection, collection.id, body.value.days);
      const path = `/c/${collection.id}?link=${made.token}`;
      return context.finish(json({ path, expiresAt: made.expiresAt }, 201));
    },
  );
}

/** DELETE /api/collections/<id>/link: the owner stops the link; it then opens nothing. */
export function handleStopLink(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return collectionRoute("/api/collections/:id/link", request, configResult, id, "owner", async (collection, connection, context) => {
    await stopCollectionLink(connection, collection.id);
    return context.finish(json({ stopped: true }));
  });
}

/** PUT /api/collections/<id>/members {person, role}: the owner gives a person a role (null takes it away). */
export function handleSetMember(request: Request, configResult: ConfigResult, id: string): Promise<Response> {
  return collectionRoute(
    "/api/collections/:id/members",
    request,
    configResult,
    id,
    "owner",
    async (collection, connection, context, _viewer, config) => {
      const body = await bodyOf(
        request,
        config,
        context,
        memberChangeSchema,
        'Send {"person": "<email or id>", "role": "editor" | "viewer" | null}.',
      );
      if (!body.ok) return body.response;
      if (body.value.person === collection.owner) return invalid(context, "The owner of a collection keeps every right to it.");
      const member = await setCollectionMember(connection, collection.id, body.value.person, body.value.role);
      if (member === "full") {
        const detail = `A collection gives roles to at most ${COLLECTION_MAX_MEMBERS} people: make it visible to the team, and everyone signed in can look at it.`;
        return context.finish(problemResponse("collection-full", { requestId: context.requestId, detail }));
      }
      if (!member) {
        const detail = `${body.value.person} has not signed in to this playground yet: roles go to people who have.`;
        return context.finish(problemResponse("person-unknown", { requestId: context.requestId, detail }));
      }
      return context.finish(json({ members: await collectionMembers(connection, collection.id) }));
    },
  );
}

/** GET /api/collections/<id>/files/<hash>/<name>: a file of a run on the collection. */
export function handleCollectionFile(
  request: Request,
  configResult: ConfigResult,
  id: string,
  hash: string,
  name: string,
): Promise<Response> {
  return collectionRoute("/api/collections/:id/files", request, configResult, id, "viewer", async (collection, connection, context) => {
    const file = HASH.test(hash) ? await readCollectionFile(connection, collection.id, hash) : null;
    if (!file)
      return context.finish(
        problemResponse("collection-not-found", { requestId: context.requestId, detail: "No such file on this collection." }),
      );
    const safeName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(name) ? name : "file";
    return context.finish(storedFileResponse(file, safeName));
  });
}
