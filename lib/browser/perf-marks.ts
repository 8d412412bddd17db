/**
 * Performance marks the page sets, visible in the browser's performance tools and read by the
 * benchmarks: when the page became interactive, when a service's answer has fully arrived, and
 * when each image is on screen.
 */
export const PERF_MARKS = {
  /** The playground has hydrated: the form answers input. */
  interactive: "playground:interactive",
  answerReceived: "playground:answer-received",
  imageShown: "playground:image-shown",
} as const;

export function markPerformance(name: string): void {
  if (typeof performance !== "undefined" && typeof performance.mark === "function") performance.mark(name);
}
