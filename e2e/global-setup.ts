import { startFakeImageService } from "../test-support/fake-service/fake-image-service";
import { problemsInServerLogs } from "./server-logs";
import { E2E } from "./servers";

/**
 * Starts the fake image service for the whole run. It answers only the `/api` base form, so the
 * configured playgrounds exercise the auto fallback on their first request. When the run ends,
 * the servers' output is checked: no secret in any line, no unhandled rejection.
 */
export default async function globalSetup() {
  const fake = await startFakeImageService({ port: E2E.fakePort, apiKey: E2E.fakeKey, forms: ["api"] });
  return async () => {
    await fake.close();
    const problems = problemsInServerLogs();
    if (problems.length > 0) throw new Error(`Server output check failed:\n${problems.join("\n")}`);
  };
}
