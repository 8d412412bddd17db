import { afterAll, beforeAll } from "vitest";
import { ROUTE_TEST_KEY } from "../route-helpers";
import { startFakeImageService, type FakeService } from "./fake-image-service";

/** A fake image service for the enclosing suite (or file): started before its tests, closed after them. */
export function fakeServiceForSuite(): { readonly current: FakeService } {
  let fake: FakeService | null = null;
  beforeAll(async () => {
    fake = await startFakeImageService({ apiKey: ROUTE_TEST_KEY });
  });
  afterAll(async () => {
    await fake?.close();
  });
  return {
    get current() {
      if (!fake) throw new Error("the fake service is started before the suite's tests");
      return fake;
    },
  };
}
