import "server-only";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Where a share's file bytes live, behind one small interface (an object store would be a third
 * kind). On a PostgreSQL server they go in the share_files row (bytea), so every instance reads
 * them; with the embedded database they go in a folder beside it, because PGlite takes seconds to
 * write or read a 4 MB bytea value. The rows (names, types, sizes) are in the database either way.
 */
export type FileStorage = {
  /** Writes a new share's files before its row is; what each file's `data` column holds (or null). */
  stage(shareId: string, files: readonly { name: string; data: Uint8Array }[]): Promise<(Uint8Array | null)[]>;
  /** A stored file's bytes, given what its row's `data` column holds. */
  load(shareId: string, name: string, column: Uint8Array | null): Promise<Uint8Array | null>;
  /** Deletes a share's files: after its row went, or when its row was never written. */
  discard(shareId: string): Promise<void>;
};

export const inDatabaseStorage: FileStorage = {
  stage: async (_shareId, files) => files.map((file) => file.data),
  load: async (_shareId, _name, column) => column,
  discard: async () => undefined,
};

/** Share ids and file names are checked before they get here; the folder names come only from them. */
export function folderStorage(root: string): FileStorage {
  const folderOf = (shareId: string) => join(root, shareId);
  return {
    async stage(shareId, files) {
      await mkdir(folderOf(shareId), { recursive: true });
      await Promise.all(files.map((file) => writeFile(join(folderOf(shareId), file.name), file.data)));
      return files.map(() => null);
    },
    async load(shareId, name) {
      try {
        return new Uint8Array(await readFile(join(folderOf(shareId), name)));
      } catch {
        return null;
      }
    },
    async discard(shareId) {
      await rm(folderOf(shareId), { recursive: true, force: true });
    },
  };
}
