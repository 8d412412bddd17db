/**
 * What opening and listing history needs (IndexedDB, other tabs, persistence): loaded a frame
 * after the page is interactive. Recording and restoring runs, which need the answer-reading code,
 * are in history-recording.ts and load on the first save or open.
 */
export { HistoryStore } from "@/lib/browser/history/history-store";
export { openHistorySync } from "@/lib/browser/history/history-sync";
export { askPersistence, readPersistence } from "@/lib/browser/history/storage-persistence";
