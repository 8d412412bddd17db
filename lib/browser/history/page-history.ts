import type { Verdict, VerdictChange } from "@/lib/history/verdict";
import type { GenerationRequest } from "@/lib/request/generation-request";
import type { HistoryCaps, HistoryRun, RunGroup, RunSummary, SavedPrompt } from "@/lib/history/history-types";
import type { SavedImages } from "@/lib/history/restore-run";
import type { RunOutcome } from "@/lib/answer/run-outcome";
import { mergeSummaries, withoutRuns } from "@/lib/history/summary-list";
import { batchReads } from "@/lib/utils/batch-reads";
import type { FilterChoices, HistoryStore, StoreResult, Totals } from "./history-store";
import type { HistoryChange, HistorySync } from "./history-sync";
import type { Persistence } from "./storage-persistence";
import type * as HistoryEngineModule from "./history-engine";
import type * as HistoryRecordingModule from "./history-recording";

/**
 * The page's view of the stored history, as a plain module the page subscribes to: opens
 * IndexedDB once, reads the summaries page by page (the newest first, so the list shows at once,
 * the older ones in the background), then keeps the list by merging each change in, from this tab
 * or another (BroadcastChannel), and says when the caps evicted old runs. Whole runs are read only
 * when one is opened. Every storage failure becomes a notice; nothing here ever stops a generation.
 *
 * React reads it with useSyncExternalStore (components/history/use-history.ts): `getSnapshot`
 * returns one immutable object that is replaced on each change, so a component reading a slice
 * of it renders again only when that slice changed.
 */

export type HistoryNotice = { tone: "info" | "problem"; text: string };

/**
 * What the person did to history in this tab (not what came from another tab or from their
 * library on the server): the library sync follows these.
 */
export type LocalHistoryChange =
  { kind: "saved"; ids: string[] } | { kind: "verdict"; ids: string[] } | { kind: "deleted"; ids: string[] } | { kind: "cleared" };

/** How many changes made before anyone follows are kept for the first to follow (a playground without a library has none). */
const EARLY_CHANGES_KEPT = 200;

/** Who asked for a change: the person here, or their library (a change made on another device). */
type Origin = "here" | "library";

export type HistorySnapshot = {
  ready: boolean;
  /** Why runs are not being kept, when the browser refuses storage. */
  unavailable: string | null;
  /** Newest first. While `loading`, older pages are still being read into it. */
  summaries: RunSummary[];
  loading: boolean;
  totals: Totals;
  choices: FilterChoices;
  persistence: Persistence | null;
  prompts: SavedPrompt[];
  notice: HistoryNotice | null;
};

/** Opening and listing history: fetched after the page is interactive. */
export type HistoryEngine = Pick<typeof HistoryEngineModule, "HistoryStore" | "openHistorySync" | "readPersistence" | "askPersistence">;
/** Recording and restoring runs (the answer-reading code): fetched on the first save or open. */
export type HistoryRecording = Pick<typeof HistoryRecordingModule, "recordRun" | "browserRecordingTools" | "restoreOutcome">;

export type PageHistoryOptions = {
  caps: HistoryCaps;
  loadEngine: () => Promise<HistoryEngine>;
  loadRecording: () => Promise<HistoryRecording>;
  /** The IndexedDB to open (undefined where the browser has none). */
  indexedDB: () => IDBFactory | undefined;
  /** Waited for before anything loads: the page's first paint comes first. */
  whenStarted?: () => Promise<void>;
  /** Who makes the runs saved here (see HistoryRun.author); null in an open playground. */
  author?: string | null;
  /** How many summaries the first read and each later read take. */
  firstPage?: number;
  laterPage?: number;
};

/** The first page is what fills the visible list; later pages are bigger and read between frames. */
const FIRST_PAGE = 40;
const LATER_PAGE = 400;
const EMPTY_CHOICES: FilterChoices = { models: [], ratios: [], statuses: [], starred: 0 };
/** History before it is open: also what the server renders. */
export const CLOSED_HISTORY: HistorySnapshot = {
  ready: false,
  unavailable: null,
  summaries: [],
  loading: false,
  totals: { count: 0, bytes: 0 },
  choices: EMPTY_CHOICES,
  persistence: null,
  prompts: [],
  notice: null,
};

const newId = () => crypto.randomUUID();
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function evictionNotice(evicted: readonly RunSummary[], caps: HistoryCaps): HistoryNotice | null {
  if (evicted.length === 0) return null;
  const megabytes = Math.round(caps.maxBytes / (1024 * 1024));
  return {
    tone: "info",
    text: `History keeps at most ${caps.maxRuns} runs and ${megabytes} MB: the ${evicted.length === 1 ? "oldest unstarred run was" : `${evicted.length} oldest unstarred runs were`} removed. Star a run to keep it.`,
  };
}

export class PageHistory {
  readonly caps: HistoryCaps;
  /** Who the runs saved here are made by (see HistoryRun.author); null in an open playground. */
  readonly runAuthor: string | null;
  private readonly options: PageHistoryOptions;
  private snapshot: HistorySnapshot = CLOSED_HISTORY;
  private readonly listeners = new Set<(background: boolean) => void>();
  private readonly localListeners = new Set<(change: LocalHistoryChange) => void>();
  // What the person did before anyone followed (null once someone has): handed to the first to follow.
  private earlyChanges: LocalHistoryChange[] | null = [];
  private store: HistoryStore | null = null;
  private engine: HistoryEngine | null = null;
  private sync: HistorySync | null = null;
  // Settles once the first page is shown (or history is known to be unavailable): a run made in
  // the first moment waits for it, so it lands on top of the list, not under it.
  private opened: Promise<void> = Promise.resolve();
  private stopped = false;
  // Bumped by each start: an opening still under way from an earlier start (a remount) is dropped.
  private epoch = 0;
  // Runs removed while older pages are still being read: a page read just before the removal
  // must not bring them back.
  private readonly removedWhileLoading = new Set<string>();
  // Bumped by "Clear all" and on stop: a page still being read belongs to a history now gone.
  private loadGeneration = 0;
  private askedPersistence = false;
  // One batching reader for the thumbnails of the rows on screen, made on first use.
  private thumbnailReader: ((id: string) => Promise<Blob | null>) | null = null;

  constructor(options: PageHistoryOptions) {
    this.options = options;
    this.caps = options.caps;
    this.runAuthor = options.author ?? null;
  }

  /**
   * `background` tells a listener that the change came from reading history (its pages, its counts,
   * another tab's runs), not from something the person just did here, which is shown at once.
   */
  subscribe = (listener: (background: boolean) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): HistorySnapshot => this.snapshot;

  /**
   * Follows what the person does to history in this tab (see LocalHistoryChange). The first to
   * follow also hears what was done before it came (the library's sync starts a moment after the
   * page: a run saved in that moment must still reach the library).
   */
  onLocalChange = (listener: (change: LocalHistoryChange) => void): (() => void) => {
    this.localListeners.add(listener);
    const early = this.earlyChanges;
    this.earlyChanges = null;
    for (const change of early ?? []) listener(change);
    return () => this.localListeners.delete(listener);
  };

  private tellLocal(origin: Origin, change: LocalHistoryChange): void {
    if (origin !== "here") return;
    if (change.kind !== "cleared" && change.ids.length === 0) return;
    if (this.earlyChanges && this.earlyChanges.length < EARLY_CHANGES_KEPT) this.earlyChanges.push(change);
    for (const listener of this.localListeners) listener(change);
  }

  /** Whether history is open and keeping runs (the library sync waits for it). */
  whenOpened = async (): Promise<boolean> => {
    await this.opened;
    return this.store !== null;
  };

  private set(change: Partial<HistorySnapshot> | ((current: HistorySnapshot) => Partial<HistorySnapshot>), background = false): void {
    if (this.stopped) return;
    const patch = typeof change === "function" ? change(this.snapshot) : change;
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener(background);
  }

  /** A change that comes from reading history, not from what the person did (see subscribe). */
  private setRead(change: Partial<HistorySnapshot> | ((current: HistorySnapshot) => Partial<HistorySnapshot>)): void {
    this.set(change, true);
  }

  private problem(prefix: string, result: StoreResult<unknown>): void {
    if (!result.ok) this.set({ notice: { tone: "problem", text: `${prefix}: ${result.failure.message}` } });
  }

  /** Opens history (once the page has painted) and follows the other tabs until `stop`; may start again after a stop. */
  start(): void {
    const epoch = ++this.epoch;
    this.stopped = false;
    const gone = () => this.stopped || this.epoch !== epoch;
    const { whenStarted = async () => undefined } = this.options;
    const opening = whenStarted()
      .then(() => this.options.loadEngine())
      .then((engine) => {
        this.engine = engine;
        return engine.HistoryStore.open(this.options.indexedDB());
      });
    this.opened = opening
      .then(async (opened) => {
        if (gone()) {
          if (opened.ok) opened.value.close();
          return;
        }
        if (!opened.ok) return this.set({ unavailable: opened.failure.message, ready: true });
        const store = opened.value;
        this.store = store;
        this.sync = this.engine?.openHistorySync((change) => void this.applyChange(change)) ?? null;
        // The first page and the totals show the list; the filters' choices (which count along
        // the indexes) and the older pages follow.
        const firstPage = this.options.firstPage ?? FIRST_PAGE;
        const [first, counted] = await Promise.all([store.listPage(null, firstPage), store.totals()]);
        if (gone()) return;
        this.setRead({
          ...(first.ok
            ? { summaries: first.value }
            : { notice: { tone: "problem", text: `History could not be read: ${first.failure.message}` } }),
          ...(counted.ok ? { totals: counted.value } : {}),
          ready: true,
        });
        if (first.ok && first.value.length === firstPage) void this.loadOlderPages(first.value.at(-1));
        void this.refreshCounts();
        void this.refreshPrompts();
        void this.refreshPersistence();
      })
      .catch(() => {
        if (gone()) return;
        this.set({
          unavailable: "History could not be loaded (the page's history code did not arrive). Generation still works; reload to try again.",
          ready: true,
        });
      });
  }

  /** Closes the database and stops listening to other tabs; nothing changes after this. */
  stop(): void {
    this.stopped = true;
    this.loadGeneration += 1;
    this.sync?.close();
    this.sync = null;
    this.store?.close();
    this.store = null;
  }

  /** Reads the older pages one task at a time, so the page stays responsive while 10,000 come in. */
  private async loadOlderPages(from: RunSummary | undefined): Promise<void> {
    const generation = this.loadGeneration;
    const laterPage = this.options.laterPage ?? LATER_PAGE;
    let after = from;
    this.setRead({ loading: true });
    while (after) {
      await nextTask();
      const store = this.store;
      if (!store || generation !== this.loadGeneration) return;
      const page = await store.listPage({ createdAt: after.createdAt, id: after.id }, laterPage);
      if (!page.ok || generation !== this.loadGeneration) break;
      const removed = this.removedWhileLoading;
      const fresh = removed.size > 0 ? page.value.filter((run) => !removed.has(run.id)) : page.value;
      this.setRead((current) => ({ summaries: mergeSummaries(current.summaries, fresh) }));
      after = page.value.length === laterPage ? page.value.at(-1) : undefined;
    }
    this.removedWhileLoading.clear();
    this.setRead({ loading: false });
  }

  /** The figures that come from the meta record and the indexes: cheap, read after every change. */
  private async refreshCounts(): Promise<void> {
    const store = this.store;
    if (!store) return;
    const [counted, offered] = await Promise.all([store.totals(), store.filterChoices()]);
    this.setRead({ ...(counted.ok ? { totals: counted.value } : {}), ...(offered.ok ? { choices: offered.value } : {}) });
  }

  private async refreshPersistence(): Promise<void> {
    const engine = this.engine;
    if (engine) this.setRead({ persistence: await engine.readPersistence() });
  }

  private async refreshPrompts(): Promise<void> {
    const saved = await this.store?.listPrompts();
    if (saved?.ok) this.setRead({ prompts: saved.value });
  }

  /** What another tab did, brought into this tab's list. */
  private async applyChange(change: HistoryChange): Promise<void> {
    const store = this.store;
    if (!store) return;
    if (change.kind === "prompts") return this.refreshPrompts();
    if (change.kind === "cleared") {
      this.loadGeneration += 1;
      this.setRead({ summaries: [], loading: false });
    } else if (change.kind === "deleted") {
      for (const id of change.ids) this.removedWhileLoading.add(id);
      this.setRead((current) => ({ summaries: withoutRuns(current.summaries, change.ids) }));
    } else {
      const read = await store.summariesOf(change.ids);
      if (!read.ok) return;
      // A run saved there and deleted since is simply not found.
      const found = new Set(read.value.map((run) => run.id));
      const gone = change.ids.filter((id) => !found.has(id));
      this.setRead((current) => ({ summaries: mergeSummaries(withoutRuns(current.summaries, gone), read.value) }));
    }
    await this.refreshCounts();
  }

  /** After a change made here: the counts again, and the other tabs told. */
  private changed(change: HistoryChange): void {
    this.sync?.tell(change);
    void this.refreshCounts();
  }

  /** The first saved run asks the browser to keep history through storage pressure. */
  private async keepForGood(): Promise<void> {
    const engine = this.engine;
    if (!engine) return;
    if (!this.askedPersistence && (await engine.readPersistence()).state === "best-effort") {
      this.askedPersistence = true;
      await engine.askPersistence();
    }
    this.set({ persistence: await engine.readPersistence() });
  }

  private placeSaved(added: readonly RunSummary[], evicted: readonly RunSummary[]): void {
    const evictedIds = evicted.map((run) => run.id);
    const removal = evictionNotice(evicted, this.caps);
    // An import can bring runs so old that they are evicted in the same transaction.
    this.set((current) => ({
      summaries: withoutRuns(mergeSummaries(current.summaries, added), evictedIds),
      ...(removal ? { notice: removal } : {}),
    }));
    if (evictedIds.length > 0) this.changed({ kind: "deleted", ids: evictedIds });
    this.changed({ kind: "saved", ids: added.map((run) => run.id) });
  }

  dismissNotice = (): void => this.set({ notice: null });

  /** Fetches the recording code ahead of the first save or open (the page calls it as someone starts working). */
  prepareRecording = (): void => void this.options.loadRecording().catch(() => undefined);

  save = async (request: GenerationRequest, outcome: RunOutcome, createdAt: number, group?: RunGroup): Promise<HistoryRun | null> => {
    await this.opened;
    if (!this.store) return null;
    let run: HistoryRun;
    try {
      const recording = await this.options.loadRecording();
      const recorded = await recording.recordRun({ id: newId(), createdAt, request, outcome, group }, recording.browserRecordingTools);
      run = this.options.author ? { ...recorded, author: this.options.author } : recorded;
    } catch (error) {
      this.set({ notice: { tone: "problem", text: `This run was not saved: ${error instanceof Error ? error.message : String(error)}` } });
      return null;
    }
    const store = this.store;
    if (!store) return null;
    const saved = await store.addRun(run, this.caps);
    if (!saved.ok) {
      this.problem("This run was not saved", saved);
      return null;
    }
    this.placeSaved(saved.value.added, saved.value.evicted);
    this.tellLocal("here", { kind: "saved", ids: [run.id] });
    void this.keepForGood();
    return run;
  };

  /** A job's run gets the answer that ended the job; its time counts from the submission. */
  finishJob = async (id: string, outcome: RunOutcome): Promise<void> => {
    const store = this.store;
    if (!store) return;
    const read = await store.summariesOf([id]);
    const stored = read.ok ? read.value[0] : undefined;
    if (!stored) return;
    const recording = await this.options.loadRecording();
    const finished = await recording.recordRun(
      { id, createdAt: stored.createdAt, request: stored.request, outcome, group: stored.group },
      recording.browserRecordingTools,
    );
    const replaced = await store.replaceRun({
      ...finished,
      ...(stored.author ? { author: stored.author } : {}),
      durationMs: Date.now() - stored.createdAt,
    });
    if (!replaced.ok) return this.problem("The job's result was not saved", replaced);
    const summary = replaced.value;
    if (!summary) return;
    this.set((current) => ({ summaries: mergeSummaries(current.summaries, [summary]) }));
    this.changed({ kind: "saved", ids: [id] });
    this.tellLocal("here", { kind: "saved", ids: [id] });
  };

  setStarred = (ids: readonly string[], starred: boolean): Promise<void> => this.star(ids, starred, "here");

  private async star(ids: readonly string[], starred: boolean, origin: Origin): Promise<void> {
    const store = this.store;
    if (!store) return;
    const result = await store.setStarred(ids, starred);
    if (!result.ok) return this.problem("The star was not saved", result);
    const marked = new Set(ids);
    this.set((current) => ({ summaries: current.summaries.map((run) => (marked.has(run.id) ? { ...run, starred } : run)) }));
    this.changed({ kind: "saved", ids: [...ids] });
    this.tellLocal(origin, { kind: "verdict", ids: [...ids] });
  }

  /** Rates, picks or notes runs (a run, a grid cell, or a review's current image). */
  setVerdict = (ids: readonly string[], change: VerdictChange): Promise<void> => this.judge(ids, change, "here");

  private async judge(ids: readonly string[], change: VerdictChange, origin: Origin): Promise<void> {
    const store = this.store;
    if (!store) return;
    const result = await store.setVerdict(ids, change);
    if (!result.ok) return this.problem("The rating was not saved", result);
    this.set((current) => ({ summaries: mergeSummaries(current.summaries, result.value) }));
    this.changed({ kind: "saved", ids: [...ids] });
    this.tellLocal(origin, { kind: "verdict", ids: [...ids] });
  }

  remove = (ids: readonly string[]): Promise<void> => this.removeRuns(ids, "here");

  private async removeRuns(ids: readonly string[], origin: Origin): Promise<void> {
    const store = this.store;
    if (!store) return;
    const result = await store.deleteRuns(ids);
    if (!result.ok) return this.problem("The run was not deleted", result);
    for (const id of ids) this.removedWhileLoading.add(id);
    this.set((current) => ({ summaries: withoutRuns(current.summaries, ids) }));
    this.changed({ kind: "deleted", ids: [...ids] });
    this.tellLocal(origin, { kind: "deleted", ids: [...ids] });
    void this.refreshPersistence();
  }

  clear = async (): Promise<void> => {
    const store = this.store;
    if (!store) return;
    const result = await store.clearRuns();
    if (!result.ok) return this.problem("History was not cleared", result);
    this.loadGeneration += 1;
    this.set({ loading: false, summaries: [] });
    this.changed({ kind: "cleared" });
    this.tellLocal("here", { kind: "cleared" });
    void this.refreshPersistence();
  };

  addImported = (imported: readonly HistoryRun[]): Promise<{ added: number; evicted: number } | null> => this.addRuns(imported, "here");

  private async addRuns(runs: readonly HistoryRun[], origin: Origin): Promise<{ added: number; evicted: number } | null> {
    // An import chosen the moment the page opens waits for history to be open, as a run saved then does.
    await this.opened;
    const store = this.store;
    if (!store) return null;
    const result = await store.addRuns(runs, this.caps);
    if (!result.ok) {
      this.problem(origin === "here" ? "The import was not saved" : "Runs from your library were not saved here", result);
      return null;
    }
    const { added, evicted } = result.value;
    this.placeSaved(added, evicted);
    this.tellLocal(origin, { kind: "saved", ids: added.map((run) => run.id) });
    if (added.length > 0) void this.keepForGood();
    return { added: added.length, evicted: evicted.length };
  }

  /** Runs kept in the library from another device: stored and listed here, told to the other tabs, not sent back. */
  receiveRuns = (runs: readonly HistoryRun[]): Promise<{ added: number; evicted: number } | null> => this.addRuns(runs, "library");

  /** A star and verdict set on another device (the library settled which change was the latest). */
  receiveVerdict = async (id: string, verdict: { starred: boolean } & Verdict): Promise<void> => {
    await this.star([id], verdict.starred, "library");
    await this.judge([id], { rating: verdict.rating ?? null, picked: verdict.picked ?? false, note: verdict.note ?? "" }, "library");
  };

  /** Runs deleted on another device. */
  receiveDeletes = (ids: readonly string[]): Promise<void> => this.removeRuns(ids, "library");

  /** The summaries of these runs as stored here (the ones missing are not here). */
  readSummaries = async (ids: readonly string[]): Promise<RunSummary[]> => {
    const read = await this.store?.summariesOf(ids);
    return read?.ok ? read.value : [];
  };

  /** Every run's id kept here, newest first. */
  allIds = async (): Promise<string[]> => {
    const read = await this.store?.allIds();
    return read?.ok ? read.value : [];
  };

  /** How many runs history keeps here and their bytes, as stored. */
  readTotals = async (): Promise<Totals | null> => {
    const read = await this.store?.totals();
    return read?.ok ? read.value : null;
  };

  /** Whole runs (answers and images), for opening, comparing and exporting. */
  loadRuns = async (ids: readonly string[]): Promise<HistoryRun[]> => {
    const read = await this.store?.getRuns(ids);
    if (read && !read.ok) this.set({ notice: { tone: "problem", text: `The saved run could not be read: ${read.failure.message}` } });
    return read?.ok ? read.value : [];
  };

  loadAllRuns = async (): Promise<HistoryRun[] | null> => {
    const read = await this.store?.listAllRuns();
    if (read && !read.ok) this.set({ notice: { tone: "problem", text: `History could not be read: ${read.failure.message}` } });
    return read?.ok ? read.value : null;
  };

  /** A grid's saved runs, the latest of each cell, in cell order. */
  loadGroup = async (groupId: string): Promise<HistoryRun[]> => {
    const listed = await this.store?.listGroup(groupId);
    if (!listed?.ok) return [];
    const latest = new Map<number, RunSummary>();
    for (const run of listed.value) {
      const index = run.group?.cellIndex ?? -1;
      const kept = latest.get(index);
      if (!kept || kept.createdAt < run.createdAt) latest.set(index, run);
    }
    const ids = [...latest.entries()].sort(([a], [b]) => a - b).map(([, run]) => run.id);
    const read = await this.store?.getRuns(ids);
    return read?.ok ? read.value : [];
  };

  /** A run's list thumbnail, read with the other rows' in one go. */
  thumbnail = (id: string): Promise<Blob | null> => {
    this.thumbnailReader ??= batchReads(async (ids) => {
      const read = await this.store?.thumbnailsOf(ids);
      return read?.ok ? read.value : new Map<string, Blob>();
    });
    return this.thumbnailReader(id);
  };

  /** A saved run's outcome as the result view shows it. */
  restore = async (run: HistoryRun): Promise<{ outcome: RunOutcome; savedImages: SavedImages }> =>
    (await this.options.loadRecording()).restoreOutcome(run);

  savePrompt = async (name: string, text: string): Promise<boolean> => {
    const result = await this.store?.savePrompt({ id: newId(), name, text, createdAt: Date.now() });
    if (!result) return false;
    if (!result.ok) {
      this.problem("The prompt was not saved", result);
      return false;
    }
    await this.refreshPrompts();
    this.changed({ kind: "prompts" });
    return true;
  };

  deletePrompt = async (id: string): Promise<void> => {
    const result = await this.store?.deletePrompt(id);
    if (!result) return;
    if (!result.ok) return this.problem("The prompt was not deleted", result);
    await this.refreshPrompts();
    this.changed({ kind: "prompts" });
  };
}
