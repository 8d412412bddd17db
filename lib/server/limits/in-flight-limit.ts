import "server-only";

/** Counts generations under way; beyond the cap a new one is turned away rather than queued. */
const slot = globalThis as typeof globalThis & { __generationsInFlight?: { count: number } };
const inFlight = (slot.__generationsInFlight ??= { count: 0 });

/** A release function when there is room, or null when `max` generations are already running. */
export function acquireGenerationSlot(max: number): (() => void) | null {
  if (inFlight.count >= max) return null;
  inFlight.count += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight.count -= 1;
  };
}

export function generationsInFlight(): number {
  return inFlight.count;
}
