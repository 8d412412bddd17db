import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * One temporary folder for a whole test run, and every test's own temporary folders inside it
 * (`os.tmpdir()` reads TMPDIR, which the run's workers and the servers they start inherit). It is
 * removed when the run ends: without it, each run left about 1.2 GB of embedded databases and data
 * folders behind, and a machine that runs the suite often fills its disk.
 */
export function makeRunTempFolder(prefix: string): { remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), `${prefix}-`));
  // The tests' PostgreSQL server runs as its own user, which must reach its folder inside this one.
  chmodSync(folder, 0o755);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = folder;
  return {
    remove: () => {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
