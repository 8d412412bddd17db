import { startFakeImageService } from "./fake-service/fake-image-service";
import { E2E } from "./servers";

/**
 * Starts the fake image service for the whole run. It answers only the `/api` base form, so the
 * configured playground exercises the auto fallback on its first request.
 */
export default async function globalSetup() {
  const fake = await startFakeImageService({ port: E2E.fakePort, apiKey: E2E.fakeKey, forms: ["api"] });
  return () => fake.close();
}
