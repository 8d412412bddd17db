/**
 * Changes to history told to the other open tabs of the playground (BroadcastChannel), so a run
 * saved, starred, deleted or cleared in one tab shows in every other within a moment. A message
 * names what changed; the receiving tab reads those runs from IndexedDB itself.
 */

export type HistoryChange =
  { kind: "saved"; ids: string[] } | { kind: "deleted"; ids: string[] } | { kind: "cleared" } | { kind: "prompts" };

const CHANNEL_NAME = "image-playground-history";

function isHistoryChange(value: unknown): value is HistoryChange {
  if (typeof value !== "object" || value === null || !("kind" in value)) return false;
  const { kind } = value as { kind: unknown };
  if (kind === "cleared" || kind === "prompts") return true;
  return (kind === "saved" || kind === "deleted") && Array.isArray((value as { ids?: unknown }).ids);
}

export type HistorySync = { tell: (change: HistoryChange) => void; close: () => void };

/** Listens for other tabs' changes; without BroadcastChannel, each tab simply keeps to itself. */
export function openHistorySync(onChange: (change: HistoryChange) => void): HistorySync {
  if (typeof BroadcastChannel === "undefined") return { tell: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isHistoryChange(event.data)) onChange(event.data);
  };
  return {
    tell: (change) => channel.postMessage(change),
    close: () => channel.close(),
  };
}
