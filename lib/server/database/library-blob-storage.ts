import "server-only";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { moveFile } from "./share-file-storage";

/**
 * Where the library's file bytes live, by the SHA-256 of their content: in the library_blobs row
 * (bytea) on a PostgreSQL server, so every instance reads them; in a folder beside the embedded
 * database otherwise (PGlite is slow with large bytea values), as share files are.
 */

/** A file's bytes, or the path where an upload staged them. */
export type BlobSource = { data: Uint8Array } | { path: string };

export type BlobStorage = {
  /** Keeps the bytes under their hash (before the row is written); what the row's `data` column holds. */
  keep(hash: string, source: BlobSource): Promise<Uint8Array | null>;
  load(hash: string, column: Uint8Array | null): Promise<Uint8Array | null>;
  /** Deletes the bytes of hashes no row names any more (after their rows went). */
  discard(hashes: readonly string[]): Promise<void>;
};

const HASH = /^[0-9a-f]{64}$/;

export async function hashOf(source: BlobSource): Promise<string> {
  const hash = createHash("sha256");
  if ("data" in source) return hash.update(source.data).digest("hex");
  for await (const chunk of createReadStream(source.path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export const inDatabaseBlobs: BlobStorage = {
  keep: async (_hash, source) => ("data" in source ? source.data : new Uint8Array(await readFile(source.path))),
  load: async (_hash, column) => column,
  discard: async () => undefined,
};

/** Two levels of folders by the hash's first characters, so no folder holds a million files. */
export function folderBlobs(root: string): BlobStorage {
  const pathOf = (hash: string) => {
    if (!HASH.test(hash)) throw new Error("Not a SHA-256 hash.");
    return join(root, hash.slice(0, 2), hash);
  };
  /** Folders made (or found) already: folders are never removed, so each is made once per process. */
  const made = new Set<string>();
  return {
    async keep(hash, source) {
      const target = pathOf(hash);
      const folder = join(root, hash.slice(0, 2));
      if (!made.has(folder)) {
        await mkdir(folder, { recursive: true });
        made.add(folder);
      }
      // Same hash, same bytes: replacing a file already there changes nothing.
      if ("data" in source) await writeFile(target, source.data);
      else await moveFile(source.path, target);
      return null;
    },
    async load(hash) {
      try {
        return new Uint8Array(await readFile(pathOf(hash)));
      } catch {
        return null;
      }
    },
    async discard(hashes) {
      await Promise.all(hashes.map((hash) => rm(pathOf(hash), { force: true })));
    },
  };
}
