import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { archivedRunFixture } from "@/test-support/archived-run";
import { testDatabaseEnv } from "@/test-support/database-targets";
import { samplePng } from "@/test-support/fake-service/behaviours";
import { configFor, problemOf, ROUTE_TEST_KEY } from "@/test-support/route-helpers";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { SCRUBBED } from "@/lib/server/upstream/scrub-secret";
import { handleCreateShare, handleShareFile } from "./share-handlers";

/** Uploads are bounded before they are read: per-client and total turns, the hourly budget, the library's room. */

type Config = ReturnType<typeof configFor>;
const opened: Config[] = [];
afterEach(async () => {
  for (const config of opened.splice(0)) if (config.ok) await (await sharedDatabase(config.config.shares)).close();
});

async function embeddedConfig(extra: Record<string, string> = {}): Promise<Config> {
  const config = configFor("http://127.0.0.1:1", { ...(await testDatabaseEnv("embedded")), PLAYGROUND_SHARES_PER_HOUR: "1000", ...extra });
  opened.push(config);
  return config;
}

const runRecord = (id: string) =>
  archivedRunFixture({ id, request: { model: "fake-b64", prompt: "a red fox in snow", aspect_ratio: "16:9" }, keyHint: "…6789" });

function shareForm(id: string, answerText = '{"data":[{"b64_json":"playground-file:image-1.png"}]}', recordFirst = true): FormData {
  const form = new FormData();
  form.set("ownerToken", "owner-token-0123456789abcdef");
  form.set("expires", "never");
  form.set("kind", "run");
  const files = () => {
    form.append("file", new Blob([answerText]), "answer.json");
    form.append("file", new Blob([new Uint8Array(samplePng(64, 36))], { type: "image/png" }), "image-1.png");
  };
  if (!recordFirst) files();
  form.set("record", JSON.stringify(runRecord(id)));
  if (recordFirst) files();
  return form;
}

/** A request whose body is sent in two halves: the second only when `finish` is called. Counts reads of it. */
async function heldRequest(form: FormData, peer: string, headers: Record<string, string> = {}) {
  const encoded = new Response(form);
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const contentType = encoded.headers.get("content-type") ?? "";
  let finish = () => undefined as void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const state = { pulls: 0 };
  let step = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        state.pulls += 1;
        step += 1;
        if (step === 1) return controller.enqueue(bytes.subarray(0, 100));
        await finished;
        controller.enqueue(bytes.subarray(100));
        controller.close();
      },
      // Nothing is pulled until the body is read.
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://localhost:3000/api/shares", {
    method: "POST",
    headers: {
      origin: "http://localhost:3000",
      "sec-fetch-site": "same-origin",
      [PEER_ADDRESS_HEADER]: peer,
      "content-type": contentType,
      "content-length": String(bytes.byteLength),
      ...headers,
    },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, finish, state };
}

const until = async (check: () => boolean) => {
  for (let waited = 0; !check() && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
};

// Each test opens an embedded database of its own, which takes seconds on a loaded machine.
describe("share uploads", { timeout: 60_000 }, () => {
  it("takes two at a time from one client and PLAYGROUND_MAX_UPLOADS in all; the rest get 503 with Retry-After, unread", async () => {
    const config = await embeddedConfig({ PLAYGROUND_MAX_UPLOADS: "3" });
    const first = await heldRequest(shareForm("a1"), "10.1.0.1");
    const second = await heldRequest(shareForm("a2"), "10.1.0.1");
    const fromB = await heldRequest(shareForm("b1"), "10.1.0.2");
    const answers = [first, second, fromB].map((held) => handleCreateShare(held.request, config));
    await until(() => first.state.pulls > 0 && second.state.pulls > 0 && fromB.state.pulls > 0);

    const third = await heldRequest(shareForm("a3"), "10.1.0.1");
    const refused = await handleCreateShare(third.request, config);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect((await problemOf(refused)).detail).toContain("already has 2 shares uploading");
    expect(third.state.pulls).toBe(0);

    const fromC = await heldRequest(shareForm("c1"), "10.1.0.3");
    const full = await handleCreateShare(fromC.request, config);
    expect(full.status).toBe(503);
    expect((await problemOf(full)).detail).toContain("3 shares are uploading already");
    expect(fromC.state.pulls).toBe(0);

    for (const held of [first, second, fromB]) held.finish();
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([201, 201, 201]);
    // Their turns are given back: the client that was refused is taken now.
    const again = await heldRequest(shareForm("a3"), "10.1.0.1");
    again.finish();
    expect((await handleCreateShare(again.request, config)).status).toBe(201);
  });

  it("spends the hourly budget before reading the body", async () => {
    const config = await embeddedConfig({ PLAYGROUND_SHARES_PER_HOUR: "1" });
    const first = await heldRequest(shareForm("r1"), "10.2.0.1");
    first.finish();
    expect((await handleCreateShare(first.request, config)).status).toBe(201);
    const second = await heldRequest(shareForm("r2"), "10.2.0.1");
    expect((await handleCreateShare(second.request, config)).status).toBe(429);
    expect(second.state.pulls).toBe(0);
  });

  it("refuses a share the library has no room for before writing anything", async () => {
    const config = await embeddedConfig({ PLAYGROUND_SHARES_MAX_MB: "1" });
    if (!config.ok) throw new Error("config");
    const held = await heldRequest(shareForm("big"), "10.3.0.1", { "content-length": String(3 * 1024 * 1024) });
    const refused = await handleCreateShare(held.request, config);
    expect(refused.status).toBe(507);
    expect(held.state.pulls).toBe(0);
    const dataDir = "dataDir" in config.config.shares.database ? config.config.shares.database.dataDir : "";
    const shareFiles = join(dataDir, "share-files");
    // Nothing was written: no file, not even a staging folder.
    expect(existsSync(shareFiles) ? readdirSync(shareFiles, { recursive: true }) : []).toEqual([]);
  });

  it("needs the record before its files, and names what is wrong", async () => {
    const config = await embeddedConfig();
    const held = await heldRequest(shareForm("late", undefined, false), "10.4.0.1");
    held.finish();
    const refused = await handleCreateShare(held.request, config);
    expect(refused.status).toBe(422);
    expect((await problemOf(refused)).detail).toContain("before its files");
  });

  it("scrubs the key from a stored answer file in its JSON-escaped and base64 forms too", async () => {
    const config = await embeddedConfig();
    const escaped = `\\u0073${ROUTE_TEST_KEY.slice(1)}`;
    const encoded = Buffer.from(`Bearer ${ROUTE_TEST_KEY}`).toString("base64");
    const answerText = `{"data":[{"b64_json":"playground-file:image-1.png"}],"echo":"${escaped}","auth":"${encoded}"}`;
    const held = await heldRequest(shareForm("scrubbed", answerText), "10.5.0.1");
    held.finish();
    const created = await handleCreateShare(held.request, config);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const stored = await (
      await handleShareFile(new Request(`http://localhost:3000/api/shares/${id}/files/answer.json`), config, id, "answer.json")
    ).text();
    expect(stored).not.toContain(escaped);
    expect(stored).not.toContain(encoded.slice(4, -4));
    expect(stored.split(SCRUBBED)).toHaveLength(3);
  });
});
