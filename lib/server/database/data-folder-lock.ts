import "server-only";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The embedded database belongs to one process: a second playground on the same data folder
 * would corrupt it. A lock file holds the owner's process id; a lock left by a process that is
 * gone (a crash) is taken over.
 */

export class DataFolderInUseError extends Error {}

export function lockDataFolder(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, "playground.lock");
  // Created exclusively, so two processes starting at once cannot both take it.
  for (let attempt = 0; !tryCreate(lockFile); attempt++) {
    const owner = readOwner(lockFile);
    if (owner !== null && isRunning(owner)) {
      throw new DataFolderInUseError(
        `The data folder ${dataDir} is in use by another playground (process ${owner}). Stop that one, give this one its own folder with PLAYGROUND_DATA_DIR, or let both share one PostgreSQL server with DATABASE_URL.`,
      );
    }
    if (attempt > 0) throw new DataFolderInUseError(`The lock file ${lockFile} could not be taken over.`);
    rmSync(lockFile, { force: true }); // left by a process that is gone
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (readOwner(lockFile) === process.pid) rmSync(lockFile, { force: true });
  };
  process.once("exit", release);
  return release;
}

function tryCreate(lockFile: string): boolean {
  try {
    writeFileSync(lockFile, String(process.pid), { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function readOwner(lockFile: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
