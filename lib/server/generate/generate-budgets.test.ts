import { beforeAll, describe, expect, it, vi } from "vitest";
import { desc, eq } from "drizzle-orm";
import { fakeServiceForSuite } from "@/test-support/fake-service/fake-service-for-suite";
import { DATABASE_TARGETS, testDatabaseEnv } from "@/test-support/database-targets";
import { configFor, fields, generate, generateRequest, problemOf } from "@/test-support/route-helpers";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { auditLog } from "@/lib/server/database/schema";
import { spendOf } from "@/lib/server/budgets/budget-store";
import { setOverride } from "@/lib/server/budgets/budget-overrides";
import { ANSWER_HEADERS } from "@/lib/answer/answer-headers";

/** Budgets through the route: reserved before the service is called, settled with what it made, audited. */

const fake = fakeServiceForSuite();

const reachedWith = (prompt: string) => fake.current.requests.filter((request) => request.body.includes(prompt)).length;

describe.each(DATABASE_TARGETS)("budgets through /api/generate on %s", (kind) => {
  let env: Record<string, string>;
  beforeAll(async () => {
    env = { ...(await testDatabaseEnv(kind)), PLAYGROUND_MAX_IN_FLIGHT: "500", IMAGE_EXTRA_FIELDS: "n" };
  });

  const spentToday = async (config: ReturnType<typeof configFor>) => {
    if (!config.ok) throw new Error("config");
    return (await spendOf(await sharedDatabase(config.config.shares), "you")).today;
  };

  it("100 generations at once against a budget of 10 images: exactly 10 reach the service", async () => {
    const config = configFor(fake.current.url, { ...env, PLAYGROUND_BUDGET_IMAGES_PER_DAY: "10" });
    const prompt = `crowd ${kind}`;
    const responses = await Promise.all(Array.from({ length: 100 }, () => generate(generateRequest(fields("fake-b64", prompt)), config)));
    expect(reachedWith(prompt)).toBe(10);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(10);
    const refused = responses.filter((response) => response.status === 429);
    expect(refused).toHaveLength(90);
    const problem = await problemOf(refused[0]!);
    expect(problem.type).toBe("urn:image-playground:problem:budget-used");
    expect(problem.detail).toMatch(/budget of 10 images a day is used \(10 so far today\)\. It renews at \d{4}-\d\d-\d\d 00:00 UTC/);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    await vi.waitFor(async () => expect((await spentToday(config)).images).toBe(10));
  });

  it("settles with the images the service really made, and a failed call spends nothing", async () => {
    // The row of "you" already holds the crowd's 10: read the difference.
    const config = configFor(fake.current.url, { ...env, PLAYGROUND_BUDGET_IMAGES_PER_MONTH: "1000" });
    const before = (await spentToday(config)).images;
    // Asked for one; the gallery answers with three.
    expect((await generate(generateRequest(fields("fake-gallery", "three for one")), config)).status).toBe(200);
    await vi.waitFor(async () => expect((await spentToday(config)).images).toBe(before + 3));
    // Asked for four; refused by the service's content policy.
    const refused = await generate(generateRequest({ ...fields("fake-policy", "four refused"), extra: { n: 4 } }), config);
    expect(refused.status).toBe(400);
    await vi.waitFor(async () => {
      const connection = await sharedDatabase(config.ok ? config.config.shares : { database: { dataDir: "" } });
      const [entry] = await connection.db.select().from(auditLog).where(eq(auditLog.status, 400)).orderBy(desc(auditLog.id)).limit(1);
      expect(entry).toMatchObject({ action: "generate", author: "you", authorName: "You", model: "fake-policy", images: 0, prompt: null });
    });
    expect((await spentToday(config)).images).toBe(before + 3);
  });

  it("keeps the prompt in the audit log only when PLAYGROUND_AUDIT_PROMPTS is on", async () => {
    const config = configFor(fake.current.url, { ...env, PLAYGROUND_AUDIT_PROMPTS: "on" });
    // As the server does when it starts (the audit log never opens the database itself).
    if (config.ok) await sharedDatabase(config.config.shares);
    const response = await generate(generateRequest(fields("fake-b64", "a kept prompt")), config);
    const requestId = response.headers.get(ANSWER_HEADERS.requestId);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(async () => {
      const connection = await sharedDatabase(config.ok ? config.config.shares : { database: { dataDir: "" } });
      const entries = await connection.db.select().from(auditLog).where(eq(auditLog.prompt, "a kept prompt"));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ status: 200, images: 1, aspectRatio: "16:9" });
      expect(entries[0]?.requestId).toBe(requestId);
    });
  });

  it("with no cap configured, generations are still counted, and an admin's caps for one person still hold", async () => {
    const config = configFor(fake.current.url, env);
    if (!config.ok) throw new Error("config");
    const connection = await sharedDatabase(config.config.shares);
    const before = (await spentToday(config)).images;
    expect((await generate(generateRequest(fields("fake-b64", `counted ${kind}`)), config)).status).toBe(200);
    await vi.waitFor(async () => expect((await spentToday(config)).images).toBe(before + 1));
    const you = { id: "you", name: "You" };
    const noCaps = { imagesPerDay: null, imagesPerMonth: null, costMicrosPerMonth: null };
    await setOverride(connection, you, { ...noCaps, imagesPerDay: before + 1 }, { id: "admin", name: "Admin" });
    try {
      const refused = await generate(generateRequest(fields("fake-b64", `capped ${kind}`)), config);
      expect(refused.status).toBe(429);
      expect((await problemOf(refused)).detail).toContain(`budget of ${before + 1} images a day is used`);
      expect(reachedWith(`capped ${kind}`)).toBe(0);
    } finally {
      await setOverride(connection, you, noCaps, { id: "admin", name: "Admin" });
    }
  });
});

describe("a budget that cannot be checked", () => {
  it("sends nothing to the service and says why, with 503", async () => {
    const config = configFor(fake.current.url, {
      DATABASE_URL: "postgres://playground@127.0.0.1:1/none",
      PLAYGROUND_BUDGET_IMAGES_PER_DAY: "5",
    });
    const before = fake.current.requests.length;
    const response = await generate(generateRequest(fields("fake-b64", "unchecked")), config);
    expect(response.status).toBe(503);
    const problem = await problemOf(response);
    expect(problem.type).toBe("urn:image-playground:problem:budget-unavailable");
    expect(problem.detail).toContain("cannot be reached");
    expect(fake.current.requests.length).toBe(before);
  });
});
