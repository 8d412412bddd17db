import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivedRunFixture } from "@/test-support/archived-run";
import { DATABASE_TARGETS, testDatabaseEnv } from "@/test-support/database-targets";
import { samplePng } from "@/test-support/fake-service/behaviours";
import { configFor, problemOf, ROUTE_TEST_KEY } from "@/test-support/route-helpers";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import type { ArchivedRun } from "@/lib/history/archive-schema";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { libraryBytes } from "@/lib/server/database/share-store";
import { SCRUBBED } from "@/lib/server/upstream/scrub-secret";
import type { ServerConfig } from "@/lib/server/config/config";
import { handleCreateShare, handleShareFile, handleStopSharing } from "./share-handlers";

const OWNER = "owner-token-0123456789abcdef";

function runRecord(id: string): ArchivedRun {
  return archivedRunFixture({
    id,
    request: { model: "fake-b64", prompt: "a red fox in snow", aspect_ratio: "16:9" },
    // The key has no business here; if a browser sends it anyway, it is scrubbed.
    serviceUrl: `http://127.0.0.1:1/v1/images/generations?key=${ROUTE_TEST_KEY}`,
    keyHint: "…6789",
  });
}

type Part = { name: string; bytes: Uint8Array<ArrayBuffer>; type?: string };

function shareForm(record: unknown, files: Part[], fields: { ownerToken?: string; expires?: string; kind?: string } = {}): FormData {
  const form = new FormData();
  form.set("ownerToken", fields.ownerToken ?? OWNER);
  form.set("expires", fields.expires ?? "never");
  form.set("kind", fields.kind ?? "run");
  form.set("record", JSON.stringify(record));
  for (const file of files) form.append("file", new Blob([file.bytes], { type: file.type ?? "application/octet-stream" }), file.name);
  return form;
}

const answer = (extra = "") => new TextEncoder().encode(`{"data":[{"b64_json":"playground-file:image-1.png"}]${extra}}`);
const goodFiles = (): Part[] => [
  { name: "answer.json", bytes: answer(`,"echo":"Bearer ${ROUTE_TEST_KEY}"`) },
  { name: "image-1.png", bytes: new Uint8Array(samplePng(64, 36)), type: "image/png" },
];

function shareRequest(body: BodyInit, headers: Record<string, string> = {}, peer = "127.0.0.1"): Request {
  return new Request("http://localhost:3000/api/shares", {
    method: "POST",
    headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin", [PEER_ADDRESS_HEADER]: peer, ...headers },
    body,
  });
}

function stopRequest(id: string, ownerToken: string): Request {
  return new Request(`http://localhost:3000/api/shares/${id}`, {
    method: "DELETE",
    headers: { "content-type": "application/json", origin: "http://localhost:3000", [PEER_ADDRESS_HEADER]: "127.0.0.1" },
    body: JSON.stringify({ ownerToken }),
  });
}

const fileRequest = (id: string, name: string) => new Request(`http://localhost:3000/api/shares/${id}/files/${name}`);

describe.each(DATABASE_TARGETS)("the share routes on %s", (kind) => {
  let config: ReturnType<typeof configFor>;
  let serverConfig: ServerConfig;
  const total = async () => libraryBytes((await sharedDatabase(serverConfig.shares)).db);

  beforeAll(async () => {
    config = configFor("http://127.0.0.1:1", {
      ...(await testDatabaseEnv(kind)),
      PLAYGROUND_SHARE_MAX_MB: "1",
      PLAYGROUND_SHARES_PER_HOUR: "1000",
    });
    if (!config.ok) throw new Error("config");
    serverConfig = config.config;
  });
  afterAll(async () => (await sharedDatabase(serverConfig.shares)).close());

  it("stores a run, gives the same link twice, and serves its files with their real types", async () => {
    const created = await handleCreateShare(shareRequest(shareForm(runRecord("run-1"), goodFiles())), config);
    expect(created.status).toBe(201);
    const share = (await created.json()) as { id: string; path: string; created: boolean; expiresAt: string | null };
    expect(share.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(share).toMatchObject({ path: `/s/${share.id}`, created: true, expiresAt: null });

    const again = await handleCreateShare(shareRequest(shareForm(runRecord("run-1"), goodFiles())), config);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: share.id, created: false });

    const image = await handleShareFile(fileRequest(share.id, "image-1.png"), config, share.id, "image-1.png");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await image.arrayBuffer()).equals(samplePng(64, 36))).toBe(true);

    const stored = await handleShareFile(fileRequest(share.id, "answer.json"), config, share.id, "answer.json");
    expect(stored.headers.get("content-type")).toBe("application/octet-stream");
    expect(stored.headers.get("content-disposition")).toMatch(/^attachment/);
    const text = await stored.text();
    expect(text).not.toContain(ROUTE_TEST_KEY);
    expect(text).toContain(SCRUBBED);

    const missing = await handleShareFile(fileRequest(share.id, "image-2.png"), config, share.id, "image-2.png");
    expect(missing.status).toBe(404);
  });

  it("refuses hostile payloads with a problem answer and stores nothing", async () => {
    const before = await total();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>");
    const cases: { request: Request; status: number; detail: RegExp }[] = [
      {
        request: shareRequest(shareForm(runRecord("svg"), [goodFiles()[0]!, { name: "image-1.png", bytes: svg, type: "image/svg+xml" }])),
        status: 422,
        detail: /image-1\.png is not a PNG, JPEG, WebP, GIF or AVIF image/,
      },
      {
        request: shareRequest(shareForm(runRecord("html"), [goodFiles()[0]!, { name: "image-1.png", bytes: html, type: "image/png" }])),
        status: 422,
        detail: /not a PNG/,
      },
      {
        request: shareRequest(shareForm(runRecord("extra"), [...goodFiles(), { name: "page.html", bytes: html }])),
        status: 422,
        detail: /page\.html.*not one the record names/,
      },
      {
        request: shareRequest(shareForm(runRecord("missing"), [goodFiles()[0]!])),
        status: 422,
        detail: /names image-1\.png, which was not sent/,
      },
      {
        request: shareRequest(shareForm({ ...runRecord("shape"), status: "exploded" }, goodFiles())),
        status: 422,
        detail: /shape of a run/,
      },
      {
        request: shareRequest(
          shareForm(runRecord("huge"), [goodFiles()[0]!, { name: "image-1.png", bytes: new Uint8Array(3 * 1024 * 1024).fill(7) }]),
        ),
        status: 413,
        detail: /at most 1 MB/,
      },
      {
        request: shareRequest(shareForm(runRecord("cross"), goodFiles()), {
          origin: "https://attacker.example",
          "sec-fetch-site": "cross-site",
        }),
        status: 403,
        detail: /another site/,
      },
      {
        request: shareRequest(JSON.stringify({ run: runRecord("json") }), { "content-type": "application/json" }),
        status: 415,
        detail: /multipart/,
      },
    ];
    for (const { request, status, detail } of cases) {
      const response = await handleCreateShare(request, config);
      expect(response.status).toBe(status);
      expect((await problemOf(response)).detail).toMatch(detail);
    }
    expect(await total()).toBe(before);
  });

  it("stores a grid's cells with their files, and refuses cells of different grids", async () => {
    const group = (id: string, cellIndex: number) => ({
      id,
      cellIndex,
      cellCount: 2,
      rowAxis: "prompt" as const,
      spec: { prompts: "a fox\na hare", models: "fake-b64", ratios: "16:9" },
    });
    const cell = (position: number, groupId = "grid-1") => {
      const run = runRecord(`cell-${position}`);
      const prefix = `c${position}-`;
      if (run.outcome.kind !== "service") throw new Error("shape");
      return {
        ...run,
        group: group(groupId, position),
        outcome: { ...run.outcome, answerFile: `${prefix}answer.json`, packed: [{ prefix: "", file: `${prefix}image-1.png` }] },
      };
    };
    const files = [0, 1].flatMap((position) => [
      { name: `c${position}-answer.json`, bytes: answer() },
      { name: `c${position}-image-1.png`, bytes: new Uint8Array(samplePng(32, 18)), type: "image/png" },
    ]);
    const created = await handleCreateShare(shareRequest(shareForm({ cells: [cell(0), cell(1)] }, files, { kind: "grid" })), config);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const again = await handleCreateShare(shareRequest(shareForm({ cells: [cell(0), cell(1)] }, files, { kind: "grid" })), config);
    expect(await again.json()).toMatchObject({ id, created: false });
    const image = await handleShareFile(fileRequest(id, "c1-image-1.png"), config, id, "c1-image-1.png");
    expect(image.headers.get("content-type")).toBe("image/png");

    const mixed = await handleCreateShare(
      shareRequest(shareForm({ cells: [cell(0), cell(1, "grid-2")] }, files, { kind: "grid" })),
      config,
    );
    expect(mixed.status).toBe(422);
    expect((await problemOf(mixed)).detail).toMatch(/same grid/);
    const asRun = await handleCreateShare(shareRequest(shareForm({ cells: [cell(0)] }, files.slice(0, 2), { kind: "run" })), config);
    expect(asRun.status).toBe(422);
  });

  it("stops sharing only with the owner's token; the files go with it", async () => {
    const created = await handleCreateShare(shareRequest(shareForm(runRecord("run-stop"), goodFiles())), config);
    const { id } = (await created.json()) as { id: string };
    const before = await total();
    const stranger = await handleStopSharing(stopRequest(id, "someone-else-0123456789"), config, id);
    expect(stranger.status).toBe(403);
    expect((await problemOf(stranger)).title).toMatch(/Only the person who shared it/);
    const stopped = await handleStopSharing(stopRequest(id, OWNER), config, id);
    expect(stopped.status).toBe(204);
    expect(await total()).toBeLessThan(before);
    expect((await handleShareFile(fileRequest(id, "image-1.png"), config, id, "image-1.png")).status).toBe(404);
    expect((await handleStopSharing(stopRequest(id, OWNER), config, id)).status).toBe(404);
  });
});

describe("share limits", () => {
  it("answers 507 when the library is full and 429 past the hourly rate, storing nothing", async () => {
    const env = await testDatabaseEnv("embedded");
    const config = configFor("http://127.0.0.1:1", { ...env, PLAYGROUND_SHARES_MAX_MB: "1", PLAYGROUND_SHARES_PER_HOUR: "3" });
    if (!config.ok) throw new Error("config");
    const big = (id: string) =>
      shareForm(runRecord(id), [
        goodFiles()[0]!,
        { name: "image-1.png", bytes: new Uint8Array(Buffer.concat([samplePng(8, 8), Buffer.alloc(600_000)])) },
      ]);
    try {
      expect((await handleCreateShare(shareRequest(big("first"), {}, "10.0.0.5"), config)).status).toBe(201);
      const full = await handleCreateShare(shareRequest(big("second"), {}, "10.0.0.5"), config);
      expect(full.status).toBe(507);
      expect((await problemOf(full)).detail).toMatch(/library is full.*Nothing was stored/);
      expect((await handleCreateShare(shareRequest(big("third"), {}, "10.0.0.5"), config)).status).toBe(507);
      const limited = await handleCreateShare(shareRequest(big("fourth"), {}, "10.0.0.5"), config);
      expect(limited.status).toBe(429);
      // The budget is three an hour, counted from the first: it comes back when that hour ends.
      const retryAfter = Number(limited.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // Another client has its own budget.
      expect((await handleCreateShare(shareRequest(big("fifth"), {}, "10.0.0.6"), config)).status).toBe(507);
    } finally {
      await (await sharedDatabase(config.config.shares)).close();
    }
  });

  it("answers 503 in plain words when the database cannot be reached", async () => {
    const config = configFor("http://127.0.0.1:1", { DATABASE_URL: "postgres://nobody:secret-pass@127.0.0.1:1/none" });
    const response = await handleCreateShare(shareRequest(shareForm(runRecord("down"), goodFiles())), config);
    expect(response.status).toBe(503);
    const problem = await problemOf(response);
    expect(problem.detail).toMatch(/cannot be reached right now\. Generating still works/);
    expect(JSON.stringify(problem)).not.toContain("secret-pass");
  });
});
