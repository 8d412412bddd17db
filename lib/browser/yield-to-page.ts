/**
 * Lets the page paint and answer input before the next piece of a long job. `scheduler.yield`
 * (Chromium) resumes ahead of other queued work; elsewhere a zero timeout does it.
 */
export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
