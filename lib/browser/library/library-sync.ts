import { INITIAL_LIBRARY_STATUS, type BringIn, type LibraryStatus } from "./library-status";
import type { HistoryCaps, HistoryRun, RunSummary } from "@/lib/history/history-types";
import type { LocalHistoryChange } from "@/lib/browser/history/page-history";
import type { Totals } from "@/lib/browser/history/history-store";
import type { LibraryEntry, LibraryPage, LibraryVerdict } from "@/lib/library/library-types";
import type { Verdict } from "@/lib/history/verdict";
import { LibraryOutbox, outboxChanges, outboxSize, type OutboxStorage } from "./library-outbox";
import type * as LibraryClient from "./library-client";
import type { CallFailure, CallResult } from "./library-client";

/**
 * Keeps this browser's history and the person's library on the server in step, as a plain module
 * the page subscribes to. What the person does here goes to an outbox (library-outbox.ts) and is
 * sent at once, or when the server is back; what was done on other devices arrives by following
 * the library's change feed every second. One tab per browser does the sending and following (a
 * Web Lock elects it); the others only add to the outbox, and see what arrives through history's
 * own tab-to-tab messages. A device new to the library fills its cache with the newest runs; a
 * browser that had runs before the library is offered to upload them (resumable, with progress).
 */

/** What the sync needs of the page's history (PageHistory). */
export type SyncedHistory = {
  caps: HistoryCaps;
  /** Who makes the runs saved here (a name with sign-in; null in an open playground). */
  runAuthor: string | null;
  whenOpened: () => Promise<boolean>;
  onLocalChange: (listener: (change: LocalHistoryChange) => void) => () => void;
  loadRuns: (ids: readonly string[]) => Promise<HistoryRun[]>;
  readSummaries: (ids: readonly string[]) => Promise<RunSummary[]>;
  readTotals: () => Promise<Totals | null>;
  /** Every run's id kept here, newest first (read once, to offer uploading them). */
  allIds: () => Promise<string[]>;
  receiveRuns: (runs: readonly HistoryRun[]) => Promise<unknown>;
  receiveVerdict: (id: string, verdict: { starred: boolean } & Verdict) => Promise<void>;
  receiveDeletes: (ids: readonly string[]) => Promise<void>;
};

export type Client = Pick<
  typeof LibraryClient,
  "uploadRun" | "fetchChanges" | "fetchNewest" | "fetchRun" | "sendVerdict" | "sendDeletes" | "fetchKnown" | "fetchUsage"
>;

export type LibrarySyncOptions = {
  history: SyncedHistory;
  /** Whose library this is: the outbox and the feed's place are kept per author. */
  author: string;
  client: Client;
  storage: OutboxStorage & Pick<Storage, "removeItem">;
  locks?: LockManager;
  /** How often the feed is followed (ms). */
  intervalMs?: number;
  /**
   * The person's own generations are under way: filling a new device's cache waits (it competes
   * with them for the page and the server), and goes on at a round when none is.
   */
  foregroundBusy?: () => boolean;
  now?: () => number;
};

/** Where this browser is in the feed, whether its cache was filled, and the bring-in under way. */
type Place = {
  cursor: string | null;
  /** The next page of newest runs to fill the cache from; "done" once filled. */
  fill: { before: { createdAt: number; id: string } | null; filled?: number } | "done";
  bringIn: { state: "offered" | "dismissed"; ids: string[] } | { state: "uploading"; ids: string[]; total: number; failed: number } | null;
};

const FRESH_PLACE: Place = { cursor: null, fill: { before: null }, bringIn: null };

/** The feed's cursor in a stored place (null: none, or not a place). */
function cursorIn(stored: string | null): string | null {
  try {
    const cursor: unknown = stored ? (JSON.parse(stored) as Partial<Place>).cursor : null;
    return typeof cursor === "string" ? cursor : null;
  } catch {
    return null;
  }
}

/** Run ids as the syncing tab stores them (null: not that). */
function idsIn(stored: string | null): string[] | null {
  try {
    const ids: unknown = stored ? JSON.parse(stored) : null;
    return Array.isArray(ids) && ids.every((id) => typeof id === "string") ? ids.slice(-REMOVED_KEPT) : null;
  } catch {
    return null;
  }
}

const FEED_PAGE = 100;
const FILL_PAGE = 20;
/**
 * A new device brings in this many of the newest runs whole (answers and images); the rest of the
 * library is one search away ("All my runs": thumbnails, each run fetched when it is opened), so a
 * new laptop does not download years of pictures before it is useful.
 */
const FILL_MAX_RUNS = 200;
const DOWNLOADS_AT_ONCE = 4;
/** A run still waiting for its job's answer is uploaded once it has one, or after this long. */
const JOB_WAIT_MS = 60 * 60 * 1000;
const BACKOFF_MAX_MS = 30_000;
const SYNC_LOCK = "image-playground-library-sync";

/** How many deleted runs the status names at most (a view holds a few pages: far fewer). */
const REMOVED_KEPT = 1000;
/** How often the library's size is read again (and after every run sent). */
const USAGE_EVERY_MS = 60_000;
const NEARLY_FULL = 0.9;

export { INITIAL_LIBRARY_STATUS, type BringIn, type LibraryStatus };

export class LibrarySync {
  private status: LibraryStatus = INITIAL_LIBRARY_STATUS;
  private readonly listeners = new Set<() => void>();
  private readonly outbox: LibraryOutbox;
  private readonly placeKey: string;
  // The runs this tab read as deleted, for the browser's other tabs (see removedRuns).
  private readonly removedKey: string;
  private stopper: AbortController | null = null;
  private wake: (() => void) | null = null;
  // Changes being written to the outbox right now (the first round waits for them).
  private readonly recording = new Set<Promise<void>>();
  private unfollow: (() => void) | null = null;
  private failures = 0;
  // A bring-in under way goes on without waiting between rounds.
  private hurry = false;
  // Something was added to the outbox since the current round read it: the next round starts at once.
  private woken = false;
  // When the library's size was last read (null: read it at the next round).
  private usageReadAt: number | null = null;

  constructor(private readonly options: LibrarySyncOptions) {
    this.outbox = new LibraryOutbox(options.storage, `image-playground-library:${options.author}:outbox`, options.locks);
    this.placeKey = `image-playground-library:${options.author}:place`;
    this.removedKey = `image-playground-library:${options.author}:removed`;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LibraryStatus => this.status;

  private set(patch: Partial<LibraryStatus>): void {
    const next = { ...this.status, ...patch };
    if (Object.entries(patch).every(([key, value]) => this.status[key as keyof LibraryStatus] === value)) return;
    this.status = next;
    for (const listener of this.listeners) listener();
  }

  private readPlace(): Place {
    try {
      const stored = this.options.storage.getItem(this.placeKey);
      return stored ? { ...FRESH_PLACE, ...(JSON.parse(stored) as Partial<Place>) } : FRESH_PLACE;
    } catch {
      return FRESH_PLACE;
    }
  }

  private writePlace(change: Partial<Place>): Place {
    const next = { ...this.readPlace(), ...change };
    try {
      this.options.storage.setItem(this.placeKey, JSON.stringify(next));
    } catch {
      // Storage refused: the next start reads the feed again from where it last could write.
    }
    return next;
  }

  /** Starts following the person's changes here at once, and the library once this tab is the one that syncs. */
  start(): void {
    if (this.stopper) return;
    const stopper = new AbortController();
    this.stopper = stopper;
    this.unfollow = this.options.history.onLocalChange((change) => {
      const recorded = this.record(change);
      this.recording.add(recorded);
      void recorded.finally(() => this.recording.delete(recorded));
    });
    this.set({ pending: outboxSize(this.outbox.read()) });
    const locks = this.options.locks ?? (typeof navigator === "undefined" ? undefined : navigator.locks);
    const run = () => this.loop(stopper.signal);
    if (!locks) {
      void run();
      return;
    }
    // Another tab may hold it: this one says so, and takes over when that tab goes.
    void locks
      .request(SYNC_LOCK, { ifAvailable: true }, async (lock) => {
        if (lock) return run();
        this.set({ state: "elsewhere" });
        return locks.request(SYNC_LOCK, { signal: stopper.signal }, run);
      })
      .catch(() => undefined);
    // What the other tabs add to the outbox (and the syncing tab takes out) shows here too.
    if (typeof window !== "undefined") {
      const onStorage = (event: StorageEvent) => {
        if (!event.key?.startsWith("image-playground-library:")) return;
        // The syncing tab read changes in the feed (its place there moved on): they count here too,
        // so that a view of the library searched on the server in this tab reads it again as well.
        if (event.key === this.placeKey && cursorIn(event.oldValue) !== cursorIn(event.newValue)) {
          this.set({ seenChanges: this.status.seenChanges + 1 });
        }
        if (event.key === this.removedKey) {
          const removed = idsIn(event.newValue);
          if (removed) this.set({ removedRuns: removed });
        }
        this.set({ pending: outboxSize(this.outbox.read()) });
        // Another tab added to the outbox: the syncing tab sends it now rather than at its next tick.
        this.nudge();
      };
      window.addEventListener("storage", onStorage);
      stopper.signal.addEventListener("abort", () => window.removeEventListener("storage", onStorage));
    }
  }

  stop(): void {
    this.stopper?.abort();
    this.stopper = null;
    this.unfollow?.();
    this.unfollow = null;
    this.wake?.();
  }

  /** Sends what is waiting now rather than at the next tick (also when a round is under way: another follows at once). */
  nudge = (): void => {
    this.woken = true;
    this.wake?.();
  };

  /** Starts (or resumes) uploading the runs this browser had before the library. */
  startBringIn = (): void => {
    const place = this.readPlace();
    if (!place.bringIn || place.bringIn.state === "uploading") return;
    const { ids } = place.bringIn;
    this.writePlace({ bringIn: { state: "uploading", ids, total: ids.length, failed: 0 } });
    this.set({ bringIn: { state: "uploading", done: 0, total: ids.length } });
    this.nudge();
  };

  /** Stops the upload of older runs; what was uploaded stays, the rest can be uploaded later. */
  cancelBringIn = (): void => {
    const place = this.readPlace();
    if (!place.bringIn) return;
    const ids = place.bringIn.ids;
    this.writePlace({ bringIn: { state: "offered", ids } });
    this.set({ bringIn: ids.length > 0 ? { state: "offered", count: ids.length } : null });
  };

  dismissBringIn = (): void => {
    const place = this.readPlace();
    if (place.bringIn) this.writePlace({ bringIn: { state: "dismissed", ids: place.bringIn.ids } });
    this.set({ bringIn: null });
  };

  dismissProblem = (): void => this.set({ problem: null });

  private async record(change: LocalHistoryChange): Promise<void> {
    const outbox = await this.outbox.change(
      change.kind === "saved"
        ? outboxChanges.upload(change.ids)
        : change.kind === "verdict"
          ? outboxChanges.verdict(change.ids, this.now())
          : change.kind === "deleted"
            ? outboxChanges.delete(change.ids)
            : outboxChanges.clearAll(),
    );
    if (change.kind === "cleared") {
      // Nothing left here to bring in either.
      const place = this.readPlace();
      if (place.bringIn) this.writePlace({ bringIn: null });
      this.set({ bringIn: null });
    }
    this.set({ pending: outboxSize(outbox) });
    this.nudge();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async loop(signal: AbortSignal): Promise<void> {
    if (!(await this.options.history.whenOpened())) return this.set({ state: "off" });
    while (!signal.aborted) {
      this.woken = false;
      const outcome = await this.round(signal).catch(() => "retry" as const);
      if (outcome === "off") return this.set({ state: "off" });
      this.failures = outcome === "retry" ? this.failures + 1 : 0;
      const interval = this.options.intervalMs ?? 1000;
      const backoff = Math.min(BACKOFF_MAX_MS, interval * 2 ** Math.min(this.failures, 5));
      const wait = this.failures > 0 ? backoff : this.hurry || this.woken ? 0 : interval;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  /** One round: send what waits, then read what changed elsewhere, then a step of filling or bringing in. */
  private async round(signal: AbortSignal): Promise<"ok" | "retry" | "off"> {
    // A change still being written to the outbox goes in this round (and is never taken for a run
    // from before the library).
    await Promise.allSettled([...this.recording]);
    const sent = await this.flush(signal);
    if (sent !== "ok") return this.failed(sent);
    let place = this.readPlace();
    if (place.cursor === null) {
      const head = await this.options.client.fetchChanges(null);
      if (!head.ok) return this.failed(head);
      place = this.writePlace({ cursor: head.value.cursor ?? null });
      await this.offerBringIn();
    }
    for (;;) {
      if (signal.aborted) return "ok";
      const page: CallResult<LibraryPage> = await this.options.client.fetchChanges(place.cursor);
      if (!page.ok) return this.failed(page);
      const applied = await this.apply(page.value.entries);
      if (applied !== "ok") return this.failed(applied);
      place = this.writePlace({ cursor: page.value.cursor ?? place.cursor });
      if (page.value.entries.length > 0) this.set({ seenChanges: this.status.seenChanges + page.value.entries.length });
      if (page.value.entries.length < FEED_PAGE) break;
    }
    const filled = await this.fillStep();
    if (filled !== "ok") return this.failed(filled);
    const brought = await this.bringInStep(signal);
    if (brought !== "ok") return this.failed(brought);
    await this.readUsage();
    this.set({ state: outboxSize(this.outbox.read()) > 0 ? "sending" : "synced", pending: outboxSize(this.outbox.read()) });
    return "ok";
  }

  private failed(failure: CallFailure): "retry" | "off" {
    // Off on the server (404) or signed out (401): nothing to do until the page is loaded again.
    if (failure.status === 404 || failure.status === 401) return "off";
    this.set({ state: "offline", pending: outboxSize(this.outbox.read()) });
    return "retry";
  }

  /** Sends the outbox: "delete all", deletions, uploads, then verdicts (a run's verdict after the run). */
  private async flush(signal: AbortSignal): Promise<"ok" | CallFailure> {
    const { client, history } = this.options;
    let outbox = this.outbox.read();
    if (outbox.clearAll) {
      const cleared = await client.sendDeletes("all");
      if (!cleared.ok) return this.refusedOrRetry(cleared, () => this.outbox.change(outboxChanges.sent({ clearAll: true })));
      outbox = await this.outbox.change(outboxChanges.sent({ clearAll: true }));
    }
    if (outbox.deletes.length > 0) {
      const ids = outbox.deletes.slice(0, 1000);
      const deleted = await client.sendDeletes(ids);
      if (!deleted.ok) return this.refusedOrRetry(deleted, () => this.outbox.change(outboxChanges.sent({ deletes: ids })));
      outbox = await this.outbox.change(outboxChanges.sent({ deletes: ids }));
    }
    for (const id of outbox.uploads) {
      if (signal.aborted) return "ok";
      const [run] = await history.loadRuns([id]);
      if (!run) {
        await this.outbox.change(outboxChanges.sent({ uploads: [id] }));
        continue;
      }
      if (run.status === "job" && this.now() - run.createdAt < JOB_WAIT_MS) continue;
      this.set({ state: "sending" });
      const uploaded = await client.uploadRun(run, outbox.verdicts[id] ?? 0);
      if (!uploaded.ok) {
        const outcome = await this.refusedOrRetry(uploaded, () => this.outbox.change(outboxChanges.sent({ uploads: [id] })));
        if (outcome !== "ok") return outcome;
        continue;
      }
      // Deleted on another device while this one was away: it goes here too.
      if (uploaded.value === "deleted") await history.receiveDeletes([id]);
      this.usageReadAt = null;
      await this.outbox.change(outboxChanges.sent({ uploads: [id] }));
    }
    outbox = this.outbox.read();
    const waiting = Object.entries(outbox.verdicts).filter(([id]) => !outbox.uploads.includes(id));
    if (waiting.length > 0) {
      const summaries = new Map((await history.readSummaries(waiting.map(([id]) => id))).map((run) => [run.id, run]));
      for (const [id, at] of waiting) {
        const summary = summaries.get(id);
        if (summary) {
          const sent = await client.sendVerdict(id, libraryVerdictOf(summary), at);
          if (!sent.ok) {
            const outcome = await this.refusedOrRetry(sent, () => this.outbox.change(outboxChanges.sent({ verdicts: { [id]: at } })));
            if (outcome !== "ok") return outcome;
            continue;
          }
        }
        await this.outbox.change(outboxChanges.sent({ verdicts: { [id]: at } }));
      }
    }
    this.set({ pending: outboxSize(this.outbox.read()) });
    return "ok";
  }

  /** Says so before the library refuses anything: from 90 % of the person's limit. */
  private async readUsage(): Promise<void> {
    if (this.usageReadAt !== null && this.now() - this.usageReadAt < USAGE_EVERY_MS) return;
    const usage = await this.options.client.fetchUsage();
    if (!usage.ok) return;
    this.usageReadAt = this.now();
    const { bytes, limitBytes } = usage.value;
    const nearlyFull = bytes >= limitBytes * NEARLY_FULL ? { bytes, limitBytes } : null;
    if (nearlyFull?.bytes !== this.status.nearlyFull?.bytes) this.set({ nearlyFull });
  }

  /** A refusal that trying again cannot mend is said once and its item dropped; anything else waits. */
  private async refusedOrRetry(failure: CallFailure, drop: () => Promise<unknown>): Promise<"ok" | CallFailure> {
    if (failure.retry || failure.status === 404 || failure.status === 401) return failure;
    await drop();
    this.set({ problem: failure.message, pending: outboxSize(this.outbox.read()) });
    return "ok";
  }

  /** Changes made elsewhere, brought in: deletions, verdicts (unless a newer one made here waits), new runs. */
  private async apply(entries: readonly LibraryEntry[]): Promise<"ok" | CallFailure> {
    if (entries.length === 0) return "ok";
    const { history } = this.options;
    const outbox = this.outbox.read();
    const local = new Map((await history.readSummaries(entries.map((entry) => entry.id))).map((run) => [run.id, run]));
    const removed = entries.filter((entry) => entry.record === null).map((entry) => entry.id);
    if (removed.length > 0) {
      const removedRuns = [...this.status.removedRuns, ...removed].slice(-REMOVED_KEPT);
      this.set({ removedRuns });
      try {
        this.options.storage.setItem(this.removedKey, JSON.stringify(removedRuns));
      } catch {
        // Storage refused: the other tabs drop those runs at their next read of the first page.
      }
    }
    const deleted = removed.filter((id) => local.has(id));
    if (deleted.length > 0) await history.receiveDeletes(deleted);
    const missing: LibraryEntry[] = [];
    for (const entry of entries) {
      const record = entry.record;
      if (!record || outbox.deletes.includes(entry.id)) continue;
      const summary = local.get(entry.id);
      if (!summary) {
        missing.push(entry);
        continue;
      }
      const mine = outbox.verdicts[entry.id];
      if (mine !== undefined && mine > entry.verdictAt) continue;
      const theirs = libraryVerdictOf(record);
      if (!sameVerdict(libraryVerdictOf(summary), theirs)) await history.receiveVerdict(entry.id, theirs);
    }
    // What was just made on another device is brought in at once (a few runs, expected here now);
    // only filling a new device's cache waits for the person's generations.
    const downloaded = await this.download(missing);
    return downloaded === "stopped" ? "ok" : downloaded;
  }

  /** `stopWhen`: checked between batches; true ends the downloads there ("stopped"), the rest not fetched. */
  private async download(entries: readonly LibraryEntry[], stopWhen: () => boolean = () => false): Promise<"ok" | "stopped" | CallFailure> {
    for (let start = 0; start < entries.length; start += DOWNLOADS_AT_ONCE) {
      if (stopWhen()) return "stopped";
      const batch = entries.slice(start, start + DOWNLOADS_AT_ONCE);
      const fetched = await Promise.all(batch.map((entry) => this.options.client.fetchRun(entry)));
      const runs: HistoryRun[] = [];
      for (const result of fetched) {
        if (result.ok) runs.push(result.value);
        else if (result.retry) return result;
        else this.set({ problem: result.message });
      }
      if (runs.length > 0) await this.options.history.receiveRuns(runs);
    }
    return "ok";
  }

  /** A device new to the library: one page of the newest runs it lacks per round, up to FILL_MAX_RUNS or a full cache. */
  private async fillStep(): Promise<"ok" | CallFailure> {
    const place = this.readPlace();
    if (place.fill === "done") return "ok";
    const busy = this.options.foregroundBusy ?? (() => false);
    if (busy()) return "ok";
    const totals = await this.options.history.readTotals();
    const { caps } = this.options.history;
    const filled = place.fill.filled ?? 0;
    if (filled >= FILL_MAX_RUNS || (totals && (totals.count >= caps.maxRuns || totals.bytes >= caps.maxBytes * 0.9))) {
      this.writePlace({ fill: "done" });
      return "ok";
    }
    const page = await this.options.client.fetchNewest(place.fill.before, FILL_PAGE);
    if (!page.ok) return page;
    const entries = page.value.entries;
    const local = new Set((await this.options.history.readSummaries(entries.map((entry) => entry.id))).map((run) => run.id));
    const downloaded = await this.download(
      entries.filter((entry) => !local.has(entry.id)),
      busy,
    );
    // Stopped for the person's generations: this page is read again at a later round, and what came
    // of it is already here (skipped then).
    if (downloaded === "stopped") return "ok";
    if (downloaded !== "ok") return downloaded;
    const last = entries.at(-1)?.record;
    this.writePlace({
      fill:
        entries.length < FILL_PAGE || !last
          ? "done"
          : { before: { createdAt: last.createdAt, id: last.id }, filled: filled + entries.length },
    });
    return "ok";
  }

  /** On the first sync, the runs kept here that the library lacks are offered for upload. */
  private async offerBringIn(): Promise<void> {
    const { history } = this.options;
    const ids = await history.allIds();
    if (ids.length === 0) return;
    const missing: string[] = [];
    for (let start = 0; start < ids.length; start += 1000) {
      // A browser shared by several people (one after another) holds runs of each: only runs made
      // by this person (or before people signed in) are theirs to bring in.
      const chunk = (await history.readSummaries(ids.slice(start, start + 1000)))
        .filter((run) => !run.author || run.author === history.runAuthor)
        .map((run) => run.id);
      if (chunk.length === 0) continue;
      const known = await this.options.client.fetchKnown(chunk);
      if (!known.ok) return;
      // Runs on their way already (the outbox, written by any tab) are not offered again.
      const there = new Set([...known.value, ...this.outbox.read().uploads]);
      missing.push(...chunk.filter((id) => !there.has(id)));
    }
    if (missing.length === 0) return;
    this.writePlace({ bringIn: { state: "offered", ids: missing } });
    this.set({ bringIn: { state: "offered", count: missing.length } });
  }

  /** A few runs of the bring-in per round (the feed is followed between them); progress is kept across reloads. */
  private async bringInStep(signal: AbortSignal): Promise<"ok" | CallFailure> {
    const place = this.readPlace();
    const bringIn = place.bringIn;
    this.hurry = false;
    if (!bringIn) return "ok";
    if (bringIn.state !== "uploading") {
      if (bringIn.state === "offered" && this.status.bringIn === null)
        this.set({ bringIn: { state: "offered", count: bringIn.ids.length } });
      return "ok";
    }
    let { ids, failed } = bringIn;
    const started = this.now();
    while (ids.length > 0 && !signal.aborted && this.now() - started < 2000) {
      const current = this.readPlace().bringIn;
      // Cancelled meanwhile.
      if (!current || current.state !== "uploading") return "ok";
      const id = ids[0] ?? "";
      const [run] = await this.options.history.loadRuns([id]);
      if (run) {
        const uploaded = await this.options.client.uploadRun(run, 0);
        if (!uploaded.ok && uploaded.retry) return uploaded;
        if (!uploaded.ok) {
          failed += 1;
          this.set({ problem: uploaded.message });
        }
      }
      ids = ids.slice(1);
      this.writePlace({ bringIn: { state: "uploading", ids, total: bringIn.total, failed } });
      this.set({ bringIn: { state: "uploading", done: bringIn.total - ids.length, total: bringIn.total } });
    }
    this.hurry = ids.length > 0;
    if (ids.length === 0) {
      this.writePlace({ bringIn: null });
      this.set({ bringIn: { state: "finished", total: bringIn.total, failed } });
    }
    return "ok";
  }
}

export function libraryVerdictOf(run: { starred: boolean } & Verdict): LibraryVerdict {
  return {
    starred: run.starred,
    ...(run.rating !== undefined ? { rating: run.rating } : {}),
    ...(run.picked ? { picked: true } : {}),
    ...(run.note ? { note: run.note } : {}),
  };
}

function sameVerdict(a: LibraryVerdict, b: LibraryVerdict): boolean {
  return a.starred === b.starred && a.rating === b.rating && Boolean(a.picked) === Boolean(b.picked) && (a.note ?? "") === (b.note ?? "");
}
