/**
 * What this browser still has to tell the person's library, kept in localStorage so it survives a
 * reload, a closed tab or a night offline: runs to upload, verdicts changed (with when), runs
 * deleted, and "delete all". Every tab writes to it (each under a Web Lock, so two tabs never
 * overwrite each other's additions); the one tab that syncs sends it and takes items out as the
 * server confirms them.
 */

export type Outbox = {
  /** "Delete all", to send before anything queued after it. */
  clearAll: boolean;
  deletes: string[];
  uploads: string[];
  /** Run id → when its star or verdict last changed here (ms). */
  verdicts: Record<string, number>;
};

export const EMPTY_OUTBOX: Outbox = { clearAll: false, deletes: [], uploads: [], verdicts: {} };

export type OutboxStorage = Pick<Storage, "getItem" | "setItem">;

const LOCK_NAME = "image-playground-library-outbox";

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function parse(text: string | null): Outbox {
  if (!text) return EMPTY_OUTBOX;
  try {
    const value = JSON.parse(text) as Partial<Outbox>;
    const verdicts: Record<string, number> = {};
    if (value.verdicts && typeof value.verdicts === "object") {
      for (const [id, at] of Object.entries(value.verdicts)) if (typeof at === "number") verdicts[id] = at;
    }
    return {
      clearAll: value.clearAll === true,
      deletes: isStringArray(value.deletes) ? value.deletes : [],
      uploads: isStringArray(value.uploads) ? value.uploads : [],
      verdicts,
    };
  } catch {
    return EMPTY_OUTBOX;
  }
}

export function outboxSize(outbox: Outbox): number {
  return (outbox.clearAll ? 1 : 0) + outbox.deletes.length + outbox.uploads.length + Object.keys(outbox.verdicts).length;
}

/** Changes to the outbox, each applied to what is stored at that moment. */
export const outboxChanges = {
  upload: (ids: readonly string[]) => (outbox: Outbox) => ({ ...outbox, uploads: [...new Set([...outbox.uploads, ...ids])] }),
  verdict: (ids: readonly string[], at: number) => (outbox: Outbox) => {
    const verdicts = { ...outbox.verdicts };
    for (const id of ids) verdicts[id] = at;
    return { ...outbox, verdicts };
  },
  /** A run deleted before it was uploaded is simply not uploaded; its verdict goes with it. */
  delete: (ids: readonly string[]) => (outbox: Outbox) => {
    const gone = new Set(ids);
    const verdicts = Object.fromEntries(Object.entries(outbox.verdicts).filter(([id]) => !gone.has(id)));
    return {
      ...outbox,
      uploads: outbox.uploads.filter((id) => !gone.has(id)),
      deletes: [...new Set([...outbox.deletes, ...ids])],
      verdicts,
    };
  },
  clearAll: () => (): Outbox => ({ ...EMPTY_OUTBOX, clearAll: true }),
  /** Takes out what the server confirmed, leaving whatever was added meanwhile. */
  sent:
    (done: { clearAll?: boolean; deletes?: readonly string[]; uploads?: readonly string[]; verdicts?: Record<string, number> }) =>
    (outbox: Outbox): Outbox => {
      const deletes = new Set(done.deletes ?? []);
      const uploads = new Set(done.uploads ?? []);
      const verdicts = { ...outbox.verdicts };
      // A verdict changed again after the one sent stays to be sent.
      for (const [id, at] of Object.entries(done.verdicts ?? {})) if (verdicts[id] === at) delete verdicts[id];
      return {
        clearAll: done.clearAll ? false : outbox.clearAll,
        deletes: outbox.deletes.filter((id) => !deletes.has(id)),
        uploads: outbox.uploads.filter((id) => !uploads.has(id)),
        verdicts,
      };
    },
};

export class LibraryOutbox {
  // Where the outbox lives when storage refuses it (full, forbidden): this page, until it closes.
  private unstored: Outbox | null = null;

  constructor(
    private readonly storage: OutboxStorage,
    private readonly key: string,
    private readonly locks: LockManager | undefined = typeof navigator === "undefined" ? undefined : navigator.locks,
  ) {}

  read(): Outbox {
    if (this.unstored) return this.unstored;
    try {
      return parse(this.storage.getItem(this.key));
    } catch {
      return EMPTY_OUTBOX;
    }
  }

  /** Applies a change to what is stored, under the lock every tab takes for it. */
  async change(apply: (outbox: Outbox) => Outbox): Promise<Outbox> {
    const write = () => {
      const next = apply(this.read());
      try {
        this.storage.setItem(this.key, JSON.stringify(next));
        this.unstored = null;
      } catch {
        // Storage full or forbidden: kept for this page's life, sent while it is open.
        this.unstored = next;
      }
      return next;
    };
    return this.locks ? this.locks.request(LOCK_NAME, write) : write();
  }
}
