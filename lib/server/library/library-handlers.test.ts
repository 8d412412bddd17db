import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { archivedRunFixture } from "@/test-support/archived-run";
import { DATABASE_TARGETS, testDatabaseEnv } from "@/test-support/database-targets";
import { samplePng } from "@/test-support/fake-service/behaviours";
import { configFor, problemOf, ROUTE_TEST_KEY } from "@/test-support/route-helpers";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import type { ServerConfig } from "@/lib/server/config/config";
import { SCRUBBED } from "@/lib/server/upstream/scrub-secret";
import sharp from "sharp";
import { libraryPageSchema, SERVER_THUMBNAIL } from "@/lib/library/library-types";
import { SESSION_COOKIE, createSessionToken } from "@/lib/server/access/session";
import {
  handleClearLibrary,
  handleDeleteRuns,
  handleKeepRun,
  handleKnownRuns,
  handleLibraryChanges,
  handleLibraryFile,
  handleLibraryUsage,
  handleNewestRuns,
  handleSearchLibrary,
  handleSetVerdict,
} from "./library-handlers";

const ORIGIN = "http://localhost:3000";
const SAME_SITE = { origin: ORIGIN, "sec-fetch-site": "same-origin", [PEER_ADDRESS_HEADER]: "127.0.0.1" };
const PNG = new Uint8Array(samplePng(64, 36));
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const record = (id: string, createdAt = 1_750_000_000_000) =>
  archivedRunFixture({
    id,
    createdAt,
    request: { model: "fake-b64", prompt: "a red fox in snow", aspect_ratio: "16:9" },
    serviceUrl: "http://127.0.0.1:1/v1/images/generations",
  });

function runForm(run: unknown, image: Uint8Array<ArrayBuffer> = PNG): FormData {
  const form = new FormData();
  form.set("record", JSON.stringify(run));
  form.set("verdictAt", "0");
  const answer = `{"data":[{"b64_json":"playground-file:image-1.png"}],"echo":"Bearer ${ROUTE_TEST_KEY}"}`;
  form.append("file", new Blob([answer]), "answer.json");
  form.append("file", new Blob([image], { type: "image/png" }), "image-1.png");
  return form;
}

const keepRequest = (body: BodyInit) => new Request(`${ORIGIN}/api/library/runs`, { method: "POST", headers: SAME_SITE, body });
const jsonRequest = (path: string, method: string, body: unknown) =>
  new Request(`${ORIGIN}${path}`, { method, headers: { ...SAME_SITE, "content-type": "application/json" }, body: JSON.stringify(body) });
const getRequest = (path: string) => new Request(`${ORIGIN}${path}`);

describe.each(DATABASE_TARGETS)("the library routes on %s", (kind) => {
  let config: ReturnType<typeof configFor>;
  let serverConfig: ServerConfig;
  // One database for every config of this file: the process keeps one connection (and an embedded folder has one owner).
  let databaseEnv: Record<string, string>;

  beforeAll(async () => {
    databaseEnv = await testDatabaseEnv(kind);
    config = configFor("http://127.0.0.1:1", { ...databaseEnv, PLAYGROUND_LIBRARY_MAX_MB_PER_PERSON: "1" });
    if (!config.ok) throw new Error("config");
    serverConfig = config.config;
  });
  afterAll(async () => (await sharedDatabase(serverConfig.shares)).close());

  it("keeps a run once, with the key scrubbed from its answer, and serves its files by hash", async () => {
    const first = await handleKeepRun(keepRequest(runForm(record("r1"))), config);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ state: "kept" });
    const again = await handleKeepRun(keepRequest(runForm(record("r1"))), config);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ state: "known" });

    const feed = libraryPageSchema.parse(await (await handleLibraryChanges(getRequest("/api/library/changes?after=0.0"), config)).json());
    const entry = feed.entries.find((item) => item.id === "r1");
    expect(entry?.record?.request.prompt).toBe("a red fox in snow");
    const answerFile = entry?.files.find((file) => file.name === "answer.json");
    const answer = await handleLibraryFile(getRequest("/x"), config, answerFile?.hash ?? "", "answer.json");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment/);
    const text = await answer.text();
    expect(text).toContain(SCRUBBED);
    expect(text).not.toContain(ROUTE_TEST_KEY);
    const image = await handleLibraryFile(getRequest("/x"), config, sha(PNG), "image-1.png");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);
    expect((await handleLibraryFile(getRequest("/x"), config, "0".repeat(64), "x.png")).status).toBe(404);

    // The server made the small picture lists show: a WebP of the first image, at most 320 pixels wide.
    const thumbnail = entry?.files.find((file) => file.name === SERVER_THUMBNAIL);
    expect(thumbnail?.contentType).toBe("image/webp");
    const served = await handleLibraryFile(getRequest("/x"), config, thumbnail?.hash ?? "", SERVER_THUMBNAIL);
    const webp = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([webp.format, webp.width, webp.height]).toEqual(["webp", 64, 36]);
  });

  it("makes a large picture's server thumbnail 320 pixels on its longest side, smaller than the picture", async () => {
    const large = new Uint8Array(
      await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer(),
    );
    expect((await handleKeepRun(keepRequest(runForm(record("large"), large)), config)).status).toBe(201);
    const page = libraryPageSchema.parse(await (await handleSearchLibrary(getRequest("/api/library/search?limit=100"), config)).json());
    const thumbnail = page.entries.find((item) => item.id === "large")?.files.find((file) => file.name === SERVER_THUMBNAIL);
    const served = await handleLibraryFile(getRequest("/x"), config, thumbnail?.hash ?? "", SERVER_THUMBNAIL);
    const webp = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([webp.format, webp.width, webp.height]).toEqual(["webp", 320, 180]);
    expect(thumbnail?.bytes).toBeLessThan(large.byteLength);
    // The tests after this one count the library's runs.
    expect((await handleDeleteRuns(jsonRequest("/api/library/runs", "DELETE", { ids: ["large"] }), config)).status).toBe(200);
  });

  it("refuses a file that is not what the record says, and a run from another site", async () => {
    const notPng = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    const refused = await handleKeepRun(keepRequest(runForm(record("bad"), notPng)), config);
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).detail).toMatch(/not a PNG, JPEG, WebP, GIF or AVIF/);
    const crossSite = new Request(`${ORIGIN}/api/library/runs`, {
      method: "POST",
      headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site", [PEER_ADDRESS_HEADER]: "127.0.0.1" },
      body: runForm(record("evil")),
    });
    expect((await handleKeepRun(crossSite, config)).status).toBe(403);
  });

  it("applies the latest verdict, pages the newest runs, and deletes everywhere", async () => {
    await handleKeepRun(keepRequest(runForm(record("r2", 1_750_000_001_000))), config);
    const head = libraryPageSchema.parse(await (await handleLibraryChanges(getRequest("/api/library/changes"), config)).json());
    expect(head.entries).toEqual([]);
    const set = await handleSetVerdict(
      jsonRequest("/api/library/runs/r2/verdict", "PUT", { verdict: { starred: true, rating: 5 }, at: 10 }),
      config,
      "r2",
    );
    expect(await set.json()).toEqual({ applied: true });
    const stale = await handleSetVerdict(
      jsonRequest("/api/library/runs/r2/verdict", "PUT", { verdict: { starred: false }, at: 5 }),
      config,
      "r2",
    );
    expect(await stale.json()).toEqual({ applied: false });
    const changed = libraryPageSchema.parse(
      await (await handleLibraryChanges(getRequest(`/api/library/changes?after=${head.cursor}`), config)).json(),
    );
    expect(changed.entries.map((item) => [item.id, item.record?.rating, item.record?.starred])).toEqual([["r2", 5, true]]);

    const newest = libraryPageSchema.parse(await (await handleNewestRuns(getRequest("/api/library/runs?limit=1"), config)).json());
    expect(newest.entries.map((item) => item.id)).toEqual(["r2"]);
    const older = libraryPageSchema.parse(
      await (await handleNewestRuns(getRequest("/api/library/runs?limit=5&before=1750000001000.r2"), config)).json(),
    );
    expect(older.entries.map((item) => item.id)).toEqual(["r1"]);

    const deleted = await handleDeleteRuns(jsonRequest("/api/library/runs", "DELETE", { ids: ["r2"] }), config);
    expect(await deleted.json()).toEqual({ deleted: 1 });
    const after = libraryPageSchema.parse(
      await (await handleLibraryChanges(getRequest(`/api/library/changes?after=${changed.cursor}`), config)).json(),
    );
    expect(after.entries).toEqual([{ id: "r2", record: null, verdictAt: 10, files: [] }]);
    expect((await handleLibraryChanges(getRequest("/api/library/changes?after=nope"), config)).status).toBe(422);
  });

  it("searches the person's library, typos forgiven, a page at a time", async () => {
    const found = libraryPageSchema.parse(
      await (await handleSearchLibrary(getRequest("/api/library/search?q=red%20fx%20in%20snow"), config)).json(),
    );
    expect(found.entries.map((item) => item.id)).toEqual(["r1"]);
    expect(found.next).toBeNull();
    const none = libraryPageSchema.parse(await (await handleSearchLibrary(getRequest("/api/library/search?q=submarine"), config)).json());
    expect(none.entries).toEqual([]);
    const filtered = await handleSearchLibrary(getRequest("/api/library/search?model=other-model"), config);
    expect(libraryPageSchema.parse(await filtered.json()).entries).toEqual([]);
    expect((await handleSearchLibrary(getRequest(`/api/library/search?q=${"x".repeat(201)}`), config)).status).toBe(422);
  });

  it("says plainly when a person's library is full, and stores nothing of the refused run", async () => {
    // A PNG's first bytes (all the route judges an image by) and 1.2 MB after them.
    const big = new Uint8Array(Buffer.concat([samplePng(2, 2).subarray(0, 64), randomBytes(1200 * 1024)]));
    expect(big.byteLength).toBeGreaterThan(1024 * 1024);
    const refused = await handleKeepRun(keepRequest(runForm(record("huge"), big)), config);
    expect(refused.status).toBe(507);
    expect((await problemOf(refused)).detail).toMatch(/Your library holds .* of the 1 MB each person may keep.*still kept in this browser/);
    const usage = await (await handleLibraryUsage(getRequest("/api/library/usage"), config)).json();
    expect(usage).toMatchObject({ runs: 1, limitBytes: 1024 * 1024 });
    expect(usage.bytes).toBeLessThan(100_000);
  });

  it("lets an admin clear a person's library, only once the box is ticked", async () => {
    const clear = (form: string) =>
      handleClearLibrary(
        new Request(`${ORIGIN}/api/library/clear`, {
          method: "POST",
          headers: { ...SAME_SITE, "content-type": "application/x-www-form-urlencoded" },
          body: form,
        }),
        config,
      );
    const unticked = await clear("person=you");
    expect(unticked.headers.get("location")).toBe("/usage?library=invalid#library");
    expect((await (await handleLibraryUsage(getRequest("/api/library/usage"), config)).json()).runs).toBe(1);
    const cleared = await clear("person=you&confirm=yes");
    expect(cleared.status).toBe(303);
    expect(cleared.headers.get("location")).toBe("/usage?library=cleared#library");
    expect((await (await handleLibraryUsage(getRequest("/api/library/usage"), config)).json()).runs).toBe(0);
  });

  it("refuses before reading: a declared size past a run's limit, a body that is not JSON, too many ids, a bad verdict", async () => {
    const tooBig = new Request(`${ORIGIN}/api/library/runs`, {
      method: "POST",
      headers: { ...SAME_SITE, "content-type": "multipart/form-data; boundary=x", "content-length": String(200 * 1024 * 1024) },
      body: "--x--",
    });
    expect((await handleKeepRun(tooBig, config)).status).toBe(413);
    const notMultipart = await handleKeepRun(jsonRequest("/api/library/runs", "POST", { record: {} }), config);
    expect(notMultipart.status).toBe(415);
    const notJson = new Request(`${ORIGIN}/api/library/runs`, {
      method: "DELETE",
      headers: { ...SAME_SITE, "content-type": "text/plain" },
      body: "all",
    });
    expect((await handleDeleteRuns(notJson, config)).status).toBe(415);
    const ids = Array.from({ length: 1001 }, (_, index) => `id-${index}`);
    expect((await handleKnownRuns(jsonRequest("/api/library/known", "POST", { ids }), config)).status).toBe(422);
    const badVerdict = jsonRequest("/api/library/runs/r1/verdict", "PUT", { verdict: { starred: true, rating: 9 }, at: 1 });
    expect((await handleSetVerdict(badVerdict, config, "r1")).status).toBe(422);
    expect((await handleDeleteRuns(jsonRequest("/api/library/runs", "DELETE", { ids: [] }), config)).status).toBe(422);
  });

  it("gives each client two uploads at a time: a third waits its turn (503) and reads nothing", async () => {
    const held: ReadableStreamDefaultController<Uint8Array>[] = [];
    const hanging = () =>
      new Request(`${ORIGIN}/api/library/runs`, {
        method: "POST",
        headers: { ...SAME_SITE, "content-type": "multipart/form-data; boundary=x" },
        body: new ReadableStream<Uint8Array>({ start: (controller) => void held.push(controller) }),
        duplex: "half",
      } as RequestInit);
    const first = handleKeepRun(hanging(), config);
    const second = handleKeepRun(hanging(), config);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const third = await handleKeepRun(hanging(), config);
    expect(third.status).toBe(503);
    expect((await problemOf(third)).detail).toMatch(/already has 2 uploads under way/);
    for (const controller of held) controller.error(new Error("gone"));
    expect((await first).status).toBe(422);
    expect((await second).status).toBe(422);
  });

  it("behind the password: nothing without a session, and the team (a member) cannot clear a library", async () => {
    const gated = configFor("http://127.0.0.1:1", {
      ...databaseEnv,
      PLAYGROUND_PASSWORD: "correct horse",
      PLAYGROUND_SESSION_SECRET: "s3cret-for-tests",
    });
    for (const response of [
      await handleLibraryChanges(getRequest("/api/library/changes"), gated),
      await handleSearchLibrary(getRequest("/api/library/search?q=fox"), gated),
      await handleLibraryFile(getRequest("/x"), gated, sha(PNG), "image-1.png"),
      await handleKeepRun(keepRequest(runForm(record("no-session"))), gated),
    ]) {
      expect(response.status).toBe(401);
    }
    const { token } = createSessionToken({ sessionSecret: "s3cret-for-tests", sessionHours: 12 });
    const clear = await handleClearLibrary(
      new Request(`${ORIGIN}/api/library/clear`, {
        method: "POST",
        headers: { ...SAME_SITE, cookie: `${SESSION_COOKIE}=${token}`, "content-type": "application/x-www-form-urlencoded" },
        body: "person=you&confirm=yes",
      }),
      gated,
    );
    expect(clear.headers.get("location")).toBe("/usage?library=not-admin#library");
    // The team's session reads the team's library, not the one person's of the open playground.
    const teamFile = await handleLibraryFile(
      new Request(`${ORIGIN}/x`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } }),
      gated,
      sha(PNG),
      "image-1.png",
    );
    expect(teamFile.status).toBe(404);
  });

  it("answers 404 everywhere when the library is off", async () => {
    const off = configFor("http://127.0.0.1:1", { ...(await testDatabaseEnv(kind)), PLAYGROUND_LIBRARY: "off" });
    const response = await handleLibraryChanges(getRequest("/api/library/changes"), off);
    expect(response.status).toBe(404);
    expect((await problemOf(response)).detail).toMatch(/PLAYGROUND_LIBRARY is off/);
  });
});
