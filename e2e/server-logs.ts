import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { E2E } from "./servers";

/** Where the e2e servers' output goes, and the check run on it when the suite ends. */
export const E2E_LOG_DIR = ".e2e-logs";

/** Problems found in the servers' output: a secret written to a log, or an unhandled rejection. */
export function problemsInServerLogs(): string[] {
  const problems: string[] = [];
  let files: string[] = [];
  try {
    files = readdirSync(E2E_LOG_DIR).filter((name) => name.endsWith(".log"));
  } catch {
    return [`no server logs in ${E2E_LOG_DIR}`];
  }
  for (const file of files) {
    const text = readFileSync(join(E2E_LOG_DIR, file), "utf8");
    for (const secret of E2E.secrets) if (text.includes(secret)) problems.push(`${file}: contains a secret`);
    if (/unhandled ?rejection|uncaught ?exception/i.test(text)) problems.push(`${file}: reports an unhandled rejection or exception`);
  }
  return problems;
}
