/** What the result area shows once a run starts (see run-views.ts for the lazy handle). */
export { FinishedRun } from "./finished-run";
export { RunProgress } from "./run-progress";
