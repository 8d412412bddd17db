import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { archivedRunFixture } from "@/test-support/archived-run";
import { DATABASE_TARGETS, testDatabaseEnv } from "@/test-support/database-targets";
import { samplePng } from "@/test-support/fake-service/behaviours";
import { configFor, problemOf } from "@/test-support/route-helpers";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import type { ServerConfig } from "@/lib/server/config/config";
import { SESSION_COOKIE_NAME, savePerson, startSession } from "@/lib/server/access/person-sessions";
import { keepRun } from "./library-store";
import { COLLECTION_MAX_RUNS } from "@/lib/library/collection-types";
import { COLLECTION_CHANGE_LIMIT, LIBRARY_SEARCH_LIMIT } from "@/lib/server/limits/account-limits";
import { handleSearchLibrary } from "./library-handlers";
import {
  handleAddRuns,
  handleChangeCollection,
  handleCollectionFile,
  handleCollectionRuns,
  handleCreateCollection,
  handleDeleteCollection,
  handleListCollections,
  handleMakeLink,
  handleStopLink,
  handleReadCollection,
  handleRemoveRuns,
  handleSetMember,
} from "./collection-handlers";

const ORIGIN = "http://localhost:3000";
const PNG = samplePng(48, 48);
const ADA = { id: "ada-sub", email: "ada@example.com", name: "Ada Lovelace", role: "member" as const };
const BOB = { id: "bob-sub", email: "bob@example.com", name: "Bob Marley", role: "member" as const };
/** Spends her limits in their own test: nobody else's requests count against hers. */
const CYD = { id: "cyd-sub", email: "cyd@example.com", name: "Cyd Charisse", role: "member" as const };

type Entries = {
  entries: { author: string; id: string; authorName: string; files: { hash: string; name: string }[] }[];
  next: string | null;
};

describe.each(DATABASE_TARGETS)("the collection routes on %s", (kind) => {
  let config: ReturnType<typeof configFor>;
  let serverConfig: ServerConfig;
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    const databaseEnv = await testDatabaseEnv(kind);
    config = configFor("http://127.0.0.1:1", {
      ...databaseEnv,
      PLAYGROUND_OIDC_ISSUER: "http://127.0.0.1:9",
      PLAYGROUND_OIDC_CLIENT_ID: "playground",
      PLAYGROUND_OIDC_CLIENT_SECRET: "s3cret",
      PLAYGROUND_PUBLIC_URL: ORIGIN,
    });
    if (!config.ok) throw new Error(JSON.stringify(config.problems));
    serverConfig = config.config;
    const database = await sharedDatabase(serverConfig.shares);
    for (const person of [ADA, BOB, CYD]) {
      await savePerson(database, person);
      cookies.set(person.id, `${SESSION_COOKIE_NAME}=${(await startSession(database, person.id, 1)).token}`);
    }
    const record = (id: string) => archivedRunFixture({ id, request: { model: "m", prompt: `prompt ${id}`, aspect_ratio: "1:1" } });
    const files = [{ name: "image-1.png", contentType: "image/png", bytes: PNG.byteLength, source: { data: PNG } }];
    await keepRun(database, ADA.id, { record: record("ada-1"), files, verdictAt: 0 });
    await keepRun(database, BOB.id, { record: record("bob-1"), files, verdictAt: 0 });
  });
  afterAll(async () => (await sharedDatabase(serverConfig.shares)).close());

  const as = (person: { id: string }, path: string, method = "GET", body?: unknown) =>
    new Request(`${ORIGIN}${path}`, {
      method,
      headers: {
        cookie: cookies.get(person.id) ?? "",
        origin: ORIGIN,
        "sec-fetch-site": "same-origin",
        [PEER_ADDRESS_HEADER]: "127.0.0.1",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("an owner makes a private collection and adds runs; another person sees nothing of it until given a role", async () => {
    const made = await handleCreateCollection(
      as(ADA, "/api/collections", "POST", { name: "  Spring campaign ", visibility: "private" }),
      config,
    );
    expect(made.status).toBe(201);
    const { collection } = (await made.json()) as { collection: { id: string; name: string; role: string } };
    expect(collection).toMatchObject({ name: "Spring campaign", role: "owner" });
    const id = collection.id;

    expect((await handleAddRuns(as(ADA, `/api/collections/${id}/runs`, "POST", { runIds: ["ada-1"] }), config, id)).status).toBe(200);
    const page = (await (await handleCollectionRuns(as(ADA, `/api/collections/${id}/runs`), config, id)).json()) as Entries;
    expect(page.entries.map((entry) => [entry.author, entry.id, entry.authorName])).toEqual([[ADA.id, "ada-1", "Ada Lovelace"]]);
    const file = page.entries[0]?.files[0];
    const image = await handleCollectionFile(as(ADA, "/x"), config, id, file?.hash ?? "", file?.name ?? "");
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    // Bob: not listed, not found, its files not served.
    const bobsList = (await (await handleListCollections(as(BOB, "/api/collections"), config)).json()) as { collections: { id: string }[] };
    expect(bobsList.collections.map((c) => c.id)).not.toContain(id);
    const hidden = await handleReadCollection(as(BOB, `/api/collections/${id}`), config, id);
    expect(await problemOf(hidden)).toMatchObject({ status: 404 });
    expect((await handleCollectionFile(as(BOB, "/x"), config, id, file?.hash ?? "", "image-1.png")).status).toBe(404);

    // A viewer by email: reads, cannot add, cannot share.
    const given = await handleSetMember(
      as(ADA, `/api/collections/${id}/members`, "PUT", { person: "bob@example.com", role: "viewer" }),
      config,
      id,
    );
    expect(await given.json()).toEqual({ members: [{ person: BOB.id, name: "Bob Marley", role: "viewer" }] });
    expect((await handleCollectionRuns(as(BOB, `/api/collections/${id}/runs`), config, id)).status).toBe(200);
    const refused = await handleAddRuns(as(BOB, `/api/collections/${id}/runs`, "POST", { runIds: ["bob-1"] }), config, id);
    expect(await problemOf(refused)).toMatchObject({ status: 403, detail: expect.stringContaining("make you an editor") });
    const notOwner = await handleChangeCollection(as(BOB, `/api/collections/${id}`, "PATCH", { visibility: "team" }), config, id);
    expect(await problemOf(notOwner)).toMatchObject({ status: 403, detail: expect.stringContaining("Only Ada Lovelace") });

    // An editor adds runs of their own library and takes runs off; only the owner deletes.
    await handleSetMember(as(ADA, `/api/collections/${id}/members`, "PUT", { person: BOB.id, role: "editor" }), config, id);
    expect(await (await handleAddRuns(as(BOB, `/api/collections/${id}/runs`, "POST", { runIds: ["bob-1"] }), config, id)).json()).toEqual({
      added: 1,
    });
    const both = (await (await handleCollectionRuns(as(BOB, `/api/collections/${id}/runs?limit=1`), config, id)).json()) as Entries;
    expect(both.entries.map((entry) => entry.id)).toEqual(["bob-1"]);
    const rest = (await (
      await handleCollectionRuns(as(BOB, `/api/collections/${id}/runs?limit=1&after=${encodeURIComponent(both.next ?? "")}`), config, id)
    ).json()) as Entries;
    expect(rest.entries.map((entry) => entry.id)).toEqual(["ada-1"]);
    const removed = await handleRemoveRuns(
      as(BOB, `/api/collections/${id}/runs`, "DELETE", { runs: [{ author: ADA.id, id: "ada-1" }] }),
      config,
      id,
    );
    expect(await removed.json()).toEqual({ removed: 1 });
    expect((await handleDeleteCollection(as(BOB, `/api/collections/${id}`, "DELETE"), config, id)).status).toBe(403);
    expect((await handleDeleteCollection(as(ADA, `/api/collections/${id}`, "DELETE"), config, id)).status).toBe(200);
    expect((await handleReadCollection(as(ADA, `/api/collections/${id}`), config, id)).status).toBe(404);
  });

  it("a link for people outside opens a private collection read-only until it is stopped or expires", async () => {
    const made = (await (
      await handleCreateCollection(as(ADA, "/api/collections", "POST", { name: "Linked", visibility: "private" }), config)
    ).json()) as { collection: { id: string } };
    const id = made.collection.id;
    await handleAddRuns(as(ADA, `/api/collections/${id}/runs`, "POST", { runIds: ["ada-1"] }), config, id);
    expect((await handleMakeLink(as(BOB, `/api/collections/${id}/link`, "POST", { days: 7 }), config, id)).status).toBe(404);
    const link = await handleMakeLink(as(ADA, `/api/collections/${id}/link`, "POST", { days: 7 }), config, id);
    expect(link.status).toBe(201);
    const { path, expiresAt } = (await link.json()) as { path: string; expiresAt: number };
    expect(expiresAt - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const token = new URL(path, ORIGIN).searchParams.get("link") ?? "";

    const runs = await handleCollectionRuns(as(BOB, `/api/collections/${id}/runs?link=${token}`), config, id);
    const page = (await runs.json()) as Entries;
    expect(page.entries.map((entry) => entry.id)).toEqual(["ada-1"]);
    const file = page.entries[0]?.files.find((item) => item.name === "image-1.png");
    expect((await handleCollectionFile(as(BOB, `/x?link=${token}`), config, id, file?.hash ?? "", "image-1.png")).status).toBe(200);
    expect((await handleCollectionRuns(as(BOB, `/api/collections/${id}/runs`), config, id)).status).toBe(404);
    expect((await handleCollectionRuns(as(BOB, `/api/collections/${id}/runs?link=${"x".repeat(24)}`), config, id)).status).toBe(404);
    // Read only: the link gives nothing to change with.
    const add = await handleAddRuns(as(BOB, `/api/collections/${id}/runs?link=${token}`, "POST", { runIds: ["bob-1"] }), config, id);
    expect(add.status).toBe(404);
    // The owner sees that a link is active.
    const seen = (await (await handleReadCollection(as(ADA, `/api/collections/${id}`), config, id)).json()) as {
      collection: { link: { expiresAt: number } | null };
    };
    expect(seen.collection.link?.expiresAt).toBe(expiresAt);

    // Past its lifetime: 410, in plain words.
    const database = await sharedDatabase(serverConfig.shares);
    await database.db.execute(sql`UPDATE library_collections SET link_expires_at = now() - interval '1 minute' WHERE id = ${id}`);
    const expired = await handleCollectionRuns(as(BOB, `/api/collections/${id}/runs?link=${token}`), config, id);
    expect(await problemOf(expired)).toMatchObject({ status: 410, detail: "This link to a collection has expired." });

    // A new link replaces it; stopped, it opens nothing.
    const again = (await (await handleMakeLink(as(ADA, `/api/collections/${id}/link`, "POST", { days: null }), config, id)).json()) as {
      path: string;
      expiresAt: null;
    };
    expect(again.expiresAt).toBeNull();
    const second = new URL(again.path, ORIGIN).searchParams.get("link") ?? "";
    expect((await handleCollectionRuns(as(BOB, `/api/collections/${id}/runs?link=${token}`), config, id)).status).toBe(404);
    expect((await handleCollectionRuns(as(BOB, `/api/collections/${id}/runs?link=${second}`), config, id)).status).toBe(200);
    expect((await handleStopLink(as(ADA, `/api/collections/${id}/link`, "DELETE"), config, id)).status).toBe(200);
    expect((await handleCollectionRuns(as(BOB, `/api/collections/${id}/runs?link=${second}`), config, id)).status).toBe(404);
  });

  it("refuses bad bodies, unknown people, other sites and nobody signed in", async () => {
    const bad = await handleCreateCollection(as(ADA, "/api/collections", "POST", { name: "", visibility: "everyone" }), config);
    expect(await problemOf(bad)).toMatchObject({ status: 422 });
    const made = (await (
      await handleCreateCollection(as(ADA, "/api/collections", "POST", { name: "Team picks", visibility: "team" }), config)
    ).json()) as { collection: { id: string } };
    const id = made.collection.id;
    // Team-visible: Bob looks without a role.
    expect(
      ((await (await handleReadCollection(as(BOB, `/api/collections/${id}`), config, id)).json()) as { collection: { role: string } })
        .collection.role,
    ).toBe("viewer");
    // The Team view: the runs on the collections Bob may see, whoever made them, searchable by author.
    await handleAddRuns(as(ADA, `/api/collections/${id}/runs`, "POST", { runIds: ["ada-1"] }), config, id);
    const team = (await (await handleSearchLibrary(as(BOB, "/api/library/search?scope=team&q=prmpt"), config)).json()) as {
      entries: { id: string; authorName: string; collectionId: string }[];
    };
    expect(team.entries.map((entry) => [entry.id, entry.authorName, entry.collectionId])).toEqual([["ada-1", "Ada Lovelace", id]]);
    const byBob = (await (await handleSearchLibrary(as(BOB, "/api/library/search?scope=team&by=bob"), config)).json()) as Entries;
    expect(byBob.entries).toEqual([]);
    const byAda = (await (await handleSearchLibrary(as(BOB, "/api/library/search?scope=team&by=ada%40example"), config)).json()) as Entries;
    expect(byAda.entries.map((entry) => entry.id)).toEqual(["ada-1"]);
    // His own library does not hold it.
    const mine = (await (await handleSearchLibrary(as(BOB, "/api/library/search"), config)).json()) as Entries;
    expect(mine.entries.map((entry) => entry.id)).toEqual(["bob-1"]);

    const unknown = await handleSetMember(
      as(ADA, `/api/collections/${id}/members`, "PUT", { person: "dee@example.com", role: "editor" }),
      config,
      id,
    );
    expect(await problemOf(unknown)).toMatchObject({ status: 422, detail: expect.stringContaining("has not signed in") });
    const tooMany = await handleAddRuns(
      as(ADA, `/api/collections/${id}/runs`, "POST", { runIds: Array.from({ length: 1001 }, (_, i) => `r${i}`) }),
      config,
      id,
    );
    expect(await problemOf(tooMany)).toMatchObject({ status: 422 });
    const crossSite = new Request(`${ORIGIN}/api/collections`, {
      method: "POST",
      headers: { cookie: cookies.get(ADA.id) ?? "", origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ name: "x", visibility: "team" }),
    });
    expect((await handleCreateCollection(crossSite, config)).status).toBe(403);
    expect((await handleListCollections(new Request(`${ORIGIN}/api/collections`), config)).status).toBe(401);
  });
  it("holds one person to 120 changes to collections and 300 searches a minute, others unaffected", async () => {
    const made = (await (
      await handleCreateCollection(as(CYD, "/api/collections", "POST", { name: "Cyd's", visibility: "private" }), config)
    ).json()) as { collection: { id: string } };
    const id = made.collection.id;
    // Refused bodies count too: the limit is on requests, spent before anything is read.
    for (let i = 1; i < COLLECTION_CHANGE_LIMIT.points; i++) {
      const response = await handleChangeCollection(as(CYD, `/api/collections/${id}`, "PATCH", { name: "" }), config, id);
      expect(response.status).toBe(422);
    }
    const over = await handleChangeCollection(as(CYD, `/api/collections/${id}`, "PATCH", { name: "Renamed" }), config, id);
    expect(await problemOf(over)).toMatchObject({ status: 429, detail: expect.stringContaining("120 changes to collections a minute") });
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    // Reading is not a change, and Ada's changes are her own.
    expect((await handleReadCollection(as(CYD, `/api/collections/${id}`), config, id)).status).toBe(200);
    const adas = await handleCreateCollection(as(ADA, "/api/collections", "POST", { name: "Ada's next", visibility: "private" }), config);
    expect(adas.status).toBe(201);

    const tooLong = `?q=${"x".repeat(1000)}`;
    for (let i = 0; i < LIBRARY_SEARCH_LIMIT.points; i++) {
      expect((await handleSearchLibrary(as(CYD, `/api/library/search${tooLong}`), config)).status).toBe(422);
    }
    const searched = await handleSearchLibrary(as(CYD, "/api/library/search?q=prompt"), config);
    expect(await problemOf(searched)).toMatchObject({ status: 429, detail: expect.stringContaining("300 searches a minute") });
    expect((await handleSearchLibrary(as(BOB, "/api/library/search?q=prompt"), config)).status).toBe(200);
  });

  it("refuses a body past the limit before reading it whole, and says when a collection is full", async () => {
    const made = (await (
      await handleCreateCollection(as(ADA, "/api/collections", "POST", { name: "Limits", visibility: "private" }), config)
    ).json()) as { collection: { id: string } };
    const id = made.collection.id;
    const huge = { runIds: ["x".repeat(serverConfig.limits.requestBodyBytes + 1)] };
    const refused = await handleAddRuns(as(ADA, `/api/collections/${id}/runs`, "POST", huge), config, id);
    expect(await problemOf(refused)).toMatchObject({ status: 413 });
    const renamed = await handleChangeCollection(
      as(ADA, `/api/collections/${id}`, "PATCH", { name: "y".repeat(serverConfig.limits.requestBodyBytes) }),
      config,
      id,
    );
    expect(await problemOf(renamed)).toMatchObject({ status: 413 });

    // Full: the store's most (tested on both databases there) reaches the page as a sentence.
    const database = await sharedDatabase(serverConfig.shares);
    await database.db.execute(sql`
      INSERT INTO library_collection_items (collection_id, author, run_id, added_by)
      SELECT ${id}::text, ${ADA.id}::text, 'filler-' || n, ${ADA.id}::text FROM generate_series(1, ${COLLECTION_MAX_RUNS - 1}::integer) n`);
    const full = await handleAddRuns(as(ADA, `/api/collections/${id}/runs`, "POST", { runIds: ["ada-1", "ada-2"] }), config, id);
    expect(await problemOf(full)).toMatchObject({
      status: 409,
      detail:
        "Limits holds 19,999 runs, and a collection holds at most 20,000: these 2 runs do not fit. Take some off, or add them to another collection.",
    });
    const fits = await handleAddRuns(as(ADA, `/api/collections/${id}/runs`, "POST", { runIds: ["ada-1"] }), config, id);
    expect(await fits.json()).toEqual({ added: 1 });
    await handleDeleteCollection(as(ADA, `/api/collections/${id}`, "DELETE"), config, id);
  });
});
