import "server-only";
import { copyFile, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Where a share's file bytes live, behind one small interface (an object store would be a third
 * kind). On a PostgreSQL server they go in the share_files row (bytea), so every instance reads
 * them; with the embedded database they go in a folder beside it, because PGlite takes seconds to
 * write or read a 4 MB bytea value. The rows (names, types, sizes) are in the database either way.
 */
/** A file to keep: its bytes, or the path where an upload staged them. */
export type FileToKeep = { name: string } & ({ data: Uint8Array } | { path: string });

export type FileStorage = {
  /** Writes a new share's files before its row is; what each file's `data` column holds (or null). */
  stage(shareId: string, files: readonly FileToKeep[]): Promise<(Uint8Array | null)[]>;
  /** A stored file's bytes, given what its row's `data` column holds. */
  load(shareId: string, name: string, column: Uint8Array | null): Promise<Uint8Array | null>;
  /** Deletes a share's files: after its row went, or when its row was never written. */
  discard(shareId: string): Promise<void>;
  /** Where uploads stream their files while they arrive: beside the kept files, so keeping one is a rename. */
  stagingRoot: string;
};

export const inDatabaseStorage: FileStorage = {
  // One file's bytes in memory at a time, read from where the upload staged it, for its row.
  stage: async (_shareId, files) => {
    const columns: Uint8Array[] = [];
    for (const file of files) columns.push("data" in file ? file.data : new Uint8Array(await readFile(file.path)));
    return columns;
  },
  load: async (_shareId, _name, column) => column,
  discard: async () => undefined,
  stagingRoot: join(tmpdir(), "playground-uploads"),
};

/** Share ids and file names are checked before they get here; the folder names come only from them. */
export function folderStorage(root: string): FileStorage {
  const folderOf = (shareId: string) => join(root, shareId);
  return {
    async stage(shareId, files) {
      await mkdir(folderOf(shareId), { recursive: true });
      await Promise.all(
        files.map((file) => {
          const target = join(folderOf(shareId), file.name);
          return "data" in file ? writeFile(target, file.data) : moveFile(file.path, target);
        }),
      );
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
    stagingRoot: join(root, ".incoming"),
  };
}

/** A rename when the staging folder is on the same disk (it is beside the files), else a copy. */
export async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EXDEV")) throw error;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
