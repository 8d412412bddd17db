/**
 * The parts of history that need the answer-reading code (finding images, packing answers):
 * loaded after the page is interactive, so history never slows the first paint of the form.
 */
export { browserRecordingTools } from "@/lib/browser/history/browser-tools";
export { HistoryStore } from "@/lib/browser/history/history-store";
export { recordRun } from "@/lib/history/record-run";
export { restoreOutcome } from "@/lib/history/restore-run";
export { openHistorySync } from "@/lib/browser/history/history-sync";
export { askPersistence, readPersistence } from "@/lib/browser/history/storage-persistence";
