/**
 * The views of the library on the server ("All my runs", the team's): loaded when the person
 * first picks that scope. They read the server's answers with their schemas (zod) and export runs
 * as zip files, which the history panel kept on this device does not need to show its runs.
 */
export { LibraryExport } from "./library-export";
export { LibraryResults } from "./library-results";
