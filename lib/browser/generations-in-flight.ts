/**
 * How many of this page's generations (and job polls) are waiting for their answer. Background work
 * that competes with them for the page's main thread, the network and the server (a device new to
 * the library filling its cache) holds off while any is, so that a grid's next cell is not sent late.
 */
let inFlight = 0;

/** Counts one call from now until the returned function is called (once; later calls do nothing). */
export function generationStarted(): () => void {
  inFlight += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight -= 1;
  };
}

export function generationsInFlight(): number {
  return inFlight;
}
