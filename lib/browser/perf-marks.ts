/**
 * Performance marks the page sets, visible in the browser's performance tools and read by the
 * benchmarks: when the page became interactive, when a service's answer has fully arrived, and
 * when each image is on screen.
 */
export const PERF_MARKS = {
  /** The playground has hydrated (the form takes typing already; its own code hydrates it a frame later). */
  interactive: "playground:interactive",
  answerReceived: "playground:answer-received",
  imageShown: "playground:image-shown",
  /** A streamed answer's event with a picture has been read (the bench times the paint after it). */
  streamImageReceived: "playground:stream-image-received",
  /** That picture is on screen in the placeholder. */
  streamImageShown: "playground:stream-image-shown",
  /** The first rows of history are in the page (once per page load). */
  historyShown: "playground:history-shown",
  /** Review mode showed an image (after a step): the bench times a step from its key to this. */
  reviewImageShown: "playground:review-image-shown",
} as const;

/** `at`: when it happened, if earlier than now (on the page's clock). */
export function markPerformance(name: string, at?: number): void {
  if (typeof performance !== "undefined" && typeof performance.mark === "function")
    performance.mark(name, at === undefined ? undefined : { startTime: at });
}
