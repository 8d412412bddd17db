import { startFakeImageService } from "../test-support/fake-service/fake-image-service";
import { makeRunTempFolder } from "../test-support/run-temp-folder";
import { problemsInServerLogs } from "./server-logs";
import { E2E } from "./servers";

/**
 * Starts the fake image service for the whole run. It answers only the `/api` base form, so the
 * configured playgrounds exercise the auto fallback on their first request. When the run ends,
 * the servers' output is checked: no secret in any line, no unhandled rejection. The specs' own
 * temporary folders (data folders, databases, browser profiles) go in one folder, removed at the end.
 */
export default async function globalSetup() {
  const temp = makeRunTempFolder("playground-e2e-run");
  const fake = await startFakeImageService({ port: E2E.fakePort, apiKey: E2E.fakeKey, forms: ["api"] }).catch((error: unknown) => {
    temp.remove();
    throw error;
  });
  return async () => {
    try {
      await fake.close();
    } finally {
      temp.remove();
    }
    const problems = problemsInServerLogs();
    if (problems.length > 0) throw new Error(`Server output check failed:\n${problems.join("\n")}`);
  };
}
