/**
 * Whether the browser may clear history under storage pressure, and how much room there is.
 * Without persistent storage a browser evicts a site's data when the disk runs low; with it, only
 * the person can delete it.
 */

export type Persistence = {
  /** "unknown" where the browser has no StorageManager (then it cannot be asked either). */
  state: "persistent" | "best-effort" | "unknown";
  usageBytes: number | null;
  quotaBytes: number | null;
};

function storageManager(): StorageManager | null {
  return typeof navigator !== "undefined" && navigator.storage ? navigator.storage : null;
}

export async function readPersistence(): Promise<Persistence> {
  const storage = storageManager();
  if (!storage) return { state: "unknown", usageBytes: null, quotaBytes: null };
  const [persisted, estimate] = await Promise.all([
    storage.persisted ? storage.persisted().catch(() => null) : null,
    storage.estimate ? storage.estimate().catch(() => null) : null,
  ]);
  return {
    state: persisted === null ? "unknown" : persisted ? "persistent" : "best-effort",
    usageBytes: estimate?.usage ?? null,
    quotaBytes: estimate?.quota ?? null,
  };
}

/** Asks once for persistent storage; the browser decides (it may grant it silently or refuse). */
export async function askPersistence(): Promise<boolean> {
  const storage = storageManager();
  if (!storage?.persist) return false;
  return storage.persist().catch(() => false);
}
