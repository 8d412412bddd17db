/**
 * "Newest request wins", once for every view that sends requests: starting one aborts the one
 * before it, and an answer is used only while its request is still the newest. The single run,
 * presenter mode and the job follower hold one; the grid and the arena hold a `RequestGroup` (many
 * under way at once, all stopped together) or one `LatestRequest` per key.
 */
export class LatestRequest {
  private controller: AbortController | null = null;

  /** A signal for a new request; the one before it is aborted. */
  start(): AbortSignal {
    this.controller?.abort();
    this.controller = new AbortController();
    return this.controller.signal;
  }

  /** Whether the request with `signal` is still the newest (stopped or not): only then is its answer used. */
  isCurrent(signal: AbortSignal): boolean {
    return this.controller?.signal === signal;
  }

  /** Stops the request under way (its answer arrives as "cancelled"). */
  cancel(): void {
    this.controller?.abort();
  }

  /** Stops it and forgets it: nothing is current until the next start. */
  reset(): void {
    this.controller?.abort();
    this.controller = null;
  }
}

/** Many requests under way at once (a grid's cells), stopped together. */
export class RequestGroup {
  private readonly controllers = new Set<AbortController>();

  /** A signal for one more request; `done` forgets it once it has ended. */
  start(): { signal: AbortSignal; done: () => void } {
    const controller = new AbortController();
    this.controllers.add(controller);
    return { signal: controller.signal, done: () => this.controllers.delete(controller) };
  }

  abortAll(): void {
    for (const controller of this.controllers) controller.abort();
    this.controllers.clear();
  }
}

/** One newest request per key (the arena's pairs): a key's new request aborts its old one. */
export class KeyedRequests {
  private readonly requests = new Map<string, LatestRequest>();

  has(key: string): boolean {
    return this.requests.has(key);
  }

  start(key: string): AbortSignal {
    const latest = this.requests.get(key) ?? new LatestRequest();
    this.requests.set(key, latest);
    return latest.start();
  }

  /** The request with `signal` has ended: its key is free again (unless a newer one took it). */
  done(key: string, signal: AbortSignal): void {
    if (this.requests.get(key)?.isCurrent(signal)) this.requests.delete(key);
  }

  abort(key: string): void {
    this.requests.get(key)?.reset();
    this.requests.delete(key);
  }

  /** Aborts every key but these. */
  keepOnly(keys: ReadonlySet<string>): void {
    for (const key of [...this.requests.keys()]) if (!keys.has(key)) this.abort(key);
  }

  abortAll(): void {
    for (const key of [...this.requests.keys()]) this.abort(key);
  }
}
