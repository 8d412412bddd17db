import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A real PostgreSQL server for tests: `initdb` in a temporary folder, started on a free loopback
 * port with trust authentication, stopped and removed at the end. Run as root, the server runs as
 * the `postgres` user (initdb refuses root). Nothing is skipped: if it cannot start, this throws
 * with the reason, and the tests that need it fail.
 */

export type PostgresServer = { url: string; stop: () => void };

function binDir(): string {
  const fromEnv = process.env.POSTGRES_BIN_DIR;
  if (fromEnv) return fromEnv;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions.map((version) => join(root, version, "bin")).find((dir) => existsSync(join(dir, "initdb")));
  if (!found) {
    throw new Error(
      "PostgreSQL is not installed: the database tests need its server (Debian: apt-get install postgresql; or set POSTGRES_BIN_DIR).",
    );
  }
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), "playground-pg-"));
  const dataDir = join(folder, "data");
  const run = (command: string, args: string[]) => {
    const [file, fileArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", join(bin, command), ...args]] : [join(bin, command), args];
    const result = spawnSync(file, fileArgs, { encoding: "utf8" });
    if (result.status !== 0) {
      throw new Error(`PostgreSQL for the tests could not start: ${command} failed: ${result.error?.message ?? ""}${result.stderr}`);
    }
  };
  if (asRoot) chownSync(folder, Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()), -1);
  run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  run("pg_ctl", ["-D", dataDir, "-o", options, "-l", join(folder, "server.log"), "-w", "-t", "60", "start"]);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
