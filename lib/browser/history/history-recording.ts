/**
 * The parts of history that read answers (finding images, packing them, drawing thumbnails):
 * loaded on the first run saved or opened, never with the list.
 */
export { browserRecordingTools } from "@/lib/browser/history/browser-tools";
export { recordRun } from "@/lib/history/record-run";
export { restoreOutcome } from "@/lib/history/restore-run";
