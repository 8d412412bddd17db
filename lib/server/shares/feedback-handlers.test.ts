import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivedRunFixture } from "@/test-support/archived-run";
import { DATABASE_TARGETS, testDatabaseEnv } from "@/test-support/database-targets";
import { samplePng } from "@/test-support/fake-service/behaviours";
import { configFor, problemOf } from "@/test-support/route-helpers";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { createShare } from "@/lib/server/database/share-store";
import type { ServerConfig } from "@/lib/server/config/config";
import { feedbackPageSchema, feedbackItemSchema } from "@/lib/request/share-feedback";
import { handleAddFeedback, handleFeedbackSummaries, handleListFeedback, handleRemoveFeedback } from "./feedback-handlers";

const OWNER = "owner-token-feedback";
const ORIGIN = "http://localhost:3000";

function jsonRequest(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      origin: ORIGIN,
      "sec-fetch-site": "same-origin",
      [PEER_ADDRESS_HEADER]: "127.0.0.1",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

describe.each(DATABASE_TARGETS)("the feedback routes on %s", (kind) => {
  let config: ReturnType<typeof configFor>;
  let serverConfig: ServerConfig;
  let shareId = "";

  beforeAll(async () => {
    config = configFor("http://127.0.0.1:1", { ...(await testDatabaseEnv(kind)), PLAYGROUND_SHARES_PER_HOUR: "1000" });
    if (!config.ok) throw new Error("config");
    serverConfig = config.config;
    const library = await sharedDatabase(serverConfig.shares);
    const created = await createShare(
      library,
      {
        ownerToken: OWNER,
        sourceKey: `feedback-${kind}`,
        kind: "run",
        record: archivedRunFixture({
          id: "r1",
          request: { model: "m", prompt: "a heron", aspect_ratio: "1:1" },
          serviceUrl: "http://127.0.0.1:1/v1/images/generations",
          keyHint: "…1234",
        }),
        files: [{ name: "image-1.png", contentType: "image/png", data: samplePng(8, 8) }],
        expiresAt: null,
      },
      { shareBytes: 1e9, libraryBytes: 1e10 },
    );
    if (!created.ok) throw new Error("shared");
    shareId = created.id;
  });
  afterAll(async () => (await sharedDatabase(serverConfig.shares)).close());

  it("takes a rating and a comment, and lists them with the average; the text stays as typed", async () => {
    const added = await handleAddFeedback(
      jsonRequest("POST", `/api/shares/${shareId}/feedback`, { author: "  Ana ", rating: 4, comment: "<img src=x onerror=alert(1)>" }),
      config,
      shareId,
    );
    expect(added.status).toBe(201);
    const item = feedbackItemSchema.parse(await added.json());
    expect(item).toMatchObject({ author: "Ana", rating: 4, comment: "<img src=x onerror=alert(1)>" });
    await handleAddFeedback(
      jsonRequest("POST", `/api/shares/${shareId}/feedback`, { author: "Ben", rating: 2, comment: "" }),
      config,
      shareId,
    );
    const listed = await handleListFeedback(new Request(`${ORIGIN}/api/shares/${shareId}/feedback`), config, shareId);
    expect(listed.status).toBe(200);
    const page = feedbackPageSchema.parse(await listed.json());
    expect(page.summary).toEqual({ count: 2, ratings: 2, average: 3 });
    expect(page.items.map((entry) => entry.author)).toEqual(["Ben", "Ana"]);

    const summaries = await handleFeedbackSummaries(new Request(`${ORIGIN}/api/shares/feedback-summary?ids=${shareId},unknown`), config);
    expect(await summaries.json()).toEqual({
      [shareId]: { count: 2, ratings: 2, average: 3 },
      unknown: { count: 0, ratings: 0, average: null },
    });
  });

  it("refuses another site, a missing name, an empty verdict, a too-long comment and a missing share, in plain words", async () => {
    const path = `/api/shares/${shareId}/feedback`;
    const crossSite = await handleAddFeedback(
      jsonRequest(
        "POST",
        path,
        { author: "Eve", rating: 5, comment: "" },
        { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      ),
      config,
      shareId,
    );
    expect(crossSite.status).toBe(403);
    const noName = await handleAddFeedback(jsonRequest("POST", path, { author: " ", rating: 5, comment: "" }), config, shareId);
    expect(noName.status).toBe(422);
    expect((await problemOf(noName)).detail).toBe("Enter a name, so the team knows who said it.");
    const empty = await handleAddFeedback(jsonRequest("POST", path, { author: "Ana", rating: null, comment: "  " }), config, shareId);
    expect((await problemOf(empty)).detail).toBe("Give a rating, a comment, or both.");
    const long = await handleAddFeedback(
      jsonRequest("POST", path, { author: "Ana", rating: null, comment: "x".repeat(1001) }),
      config,
      shareId,
    );
    expect(long.status).toBe(422);
    const missing = await handleAddFeedback(
      jsonRequest("POST", "/api/shares/nope/feedback", { author: "Ana", rating: 3, comment: "" }),
      config,
      "nope",
    );
    expect(missing.status).toBe(404);
  });

  it("lets only the sharer remove a comment", async () => {
    const added = await handleAddFeedback(
      jsonRequest("POST", `/api/shares/${shareId}/feedback`, { author: "Cy", rating: null, comment: "remove me" }),
      config,
      shareId,
    );
    const { id } = feedbackItemSchema.parse(await added.json());
    const path = `/api/shares/${shareId}/feedback/${id}`;
    const stranger = await handleRemoveFeedback(jsonRequest("DELETE", path, { ownerToken: "someone-else" }), config, shareId, id);
    expect(stranger.status).toBe(403);
    const owner = await handleRemoveFeedback(jsonRequest("DELETE", path, { ownerToken: OWNER }), config, shareId, id);
    expect(owner.status).toBe(204);
  });
});
