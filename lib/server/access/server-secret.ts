import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { AccessConfig } from "@/lib/server/config/config";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { keepServerSecret } from "@/lib/server/database/server-secret-store";

/**
 * The key that signs session cookies and poll tokens. PLAYGROUND_SESSION_SECRET wins when set;
 * otherwise 256 random bits made on first start and kept where the server keeps its data: in the
 * PostgreSQL server with DATABASE_URL (every instance signs alike), else in a file of the data
 * folder. Never derived from the password: a captured cookie must not let anyone test passwords
 * offline. Read once per process; a failed read (database down) is tried again on the next request.
 */

const SECRET_NAME = "session";
const FILE_NAME = "server-secret";

const slot = globalThis as typeof globalThis & { __serverSecret?: { key: string; value: Promise<string> } };

export function serverSecret(access: AccessConfig): Promise<string> {
  if (access.sessionSecret !== null) return Promise.resolve(access.sessionSecret);
  const key = JSON.stringify(access.secretHome);
  const cached = slot.__serverSecret;
  if (cached?.key === key) return cached.value;
  const value = readOrMake(access.secretHome);
  slot.__serverSecret = { key, value };
  value.catch(() => {
    if (slot.__serverSecret?.value === value) slot.__serverSecret = undefined;
  });
  return value;
}

const freshSecret = () => randomBytes(32).toString("base64url");

async function readOrMake(home: AccessConfig["secretHome"]): Promise<string> {
  if ("url" in home) {
    const connection = await sharedDatabase({ database: home });
    return keepServerSecret(connection.db, SECRET_NAME, freshSecret());
  }
  const folder = resolve(home.dataDir);
  const file = join(folder, FILE_NAME);
  const existing = await readFile(file, "utf8").catch(() => null);
  if (existing && existing.trim().length >= 32) return existing.trim();
  await mkdir(folder, { recursive: true });
  // "wx": of two processes making it at once, one writes and the other reads what it wrote.
  await writeFile(file, freshSecret(), { flag: "wx", mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  return (await readFile(file, "utf8")).trim();
}
