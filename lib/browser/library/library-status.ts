/**
 * What the library sync reports, in a module of its own: the history panel reads it from its first
 * render, before the sync's own code (loaded later) has arrived.
 */

/** Uploading the runs this browser had before the library: offered, under way, or finished. */
export type BringIn =
  | { state: "offered"; count: number }
  | { state: "uploading"; done: number; total: number }
  | { state: "finished"; total: number; failed: number };

export type LibraryStatus = {
  /** "elsewhere": another tab of this browser keeps it in step (this one only adds to the outbox). */
  state: "starting" | "synced" | "sending" | "offline" | "off" | "elsewhere";
  /** Changes made here that the library does not have yet. */
  pending: number;
  /** The last thing the library refused, in plain words (full, a run too large…). */
  problem: string | null;
  bringIn: BringIn | null;
  /** How full the person's library is, once it is nearly so (90 % or more); null below that. */
  nearlyFull: { bytes: number; limitBytes: number } | null;
  /**
   * Changes to the library this tab has read in its feed, from here or elsewhere (a count); in a
   * tab kept in step by another, the times that tab read some. A view of the library searched on
   * the server reads it again when the count moves.
   */
  seenChanges: number;
  /**
   * The runs the feed said were deleted since this tab began to read it (the latest
   * 1,000); in a tab kept in step by another, the ones that tab named. A view of the library
   * searched on the server leaves them out at once, on any of its pages (a refresh reads only the
   * first).
   */
  removedRuns: readonly string[];
};

export const INITIAL_LIBRARY_STATUS: LibraryStatus = {
  state: "starting",
  pending: 0,
  problem: null,
  bringIn: null,
  nearlyFull: null,
  seenChanges: 0,
  removedRuns: [],
};
