import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeImageService, type FakeService } from "@/test-support/fake-service/fake-image-service";
import { createTestDatabase } from "@/test-support/database-targets";
import { configFor, fields, generate, generateRequest, ROUTE_TEST_KEY as KEY } from "@/test-support/route-helpers";
import { closeSharedDatabase } from "@/lib/server/database/shared-database";
import { forgetRememberedForms } from "@/lib/server/upstream/image-service-client";
import { forgetSharedBaseForms } from "@/lib/server/upstream/shared-base-form";

/**
 * An `auto` service whose base URL lacks the /api it needs: the first instance probes the host
 * form (404), finds the api form and keeps it in PostgreSQL; a new instance (a process that
 * remembers nothing) calls the api form straight away.
 */

let apiOnly: FakeService;
beforeAll(async () => {
  apiOnly = await startFakeImageService({ apiKey: KEY, forms: ["api"] });
});
afterAll(async () => {
  await apiOnly.close();
  await closeSharedDatabase();
  forgetRememberedForms();
  forgetSharedBaseForms();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe("the base form, shared on PostgreSQL", () => {
  it("is probed once by the first instance, and not again by a new one", async () => {
    const config = configFor(apiOnly.url, { DATABASE_URL: await createTestDatabase() });
    const before = apiOnly.requests.length;
    expect((await generate(generateRequest(fields("fake-b64")), config)).status).toBe(200);
    expect(apiOnly.requests.slice(before).map((request) => request.path)).toEqual(["/v1/images/generations", "/api/v1/images/generations"]);
    await settle();

    // A new instance: nothing in its memory.
    forgetRememberedForms();
    forgetSharedBaseForms();
    const second = await generate(generateRequest(fields("fake-b64")), config);
    expect(second.status).toBe(200);
    expect(apiOnly.requests.slice(before + 2).map((request) => request.path)).toEqual(["/api/v1/images/generations"]);
  });

  it("without a database, a new process probes again (memory only)", async () => {
    forgetRememberedForms();
    forgetSharedBaseForms();
    const config = configFor(apiOnly.url);
    const before = apiOnly.requests.length;
    expect((await generate(generateRequest(fields("fake-b64")), config)).status).toBe(200);
    expect(apiOnly.requests.slice(before).map((request) => request.path)).toEqual(["/v1/images/generations", "/api/v1/images/generations"]);
  });
});
