/**
 * What sending requests (one run, a poll, a grid's cells) and reading their answers needs in the
 * page: loaded together on the first use, or as someone starts on the form, never with the first
 * screen (components/run/generation-runtime.ts holds the lazy handle).
 */
export { runGeneration, runPoll } from "./run-generation";
export { interpretAhead, openAnswerMirror, openStreamSession, warmAnswerWorker } from "./answer-worker/answer-worker-pool";
export { jobOfAnswer } from "@/lib/answer/job-status";
export { jobToFollow } from "@/lib/answer/job-to-follow";
export { jobEndOf } from "@/lib/answer/job-end";
export { runCells } from "@/lib/grid/grid-scheduler";
export { retryDelayMs } from "@/lib/grid/retry-after";
export { planGrid } from "@/lib/grid/grid-plan";
