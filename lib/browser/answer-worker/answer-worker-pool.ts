import type { WorkerRequest, WorkerResponse, WorkerTask } from "./worker-messages";

/**
 * The one answer worker of the page: started on first need (or warmed when a run starts, so it
 * has booted by the time a large answer arrives) and kept. If it cannot start or it crashes, every
 * waiting request is answered "failed" and the caller does the work on the page instead.
 */

type Pending = { resolve: (response: WorkerResponse) => void };

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker | null {
  if (worker || broken) return worker;
  if (typeof Worker === "undefined") return null;
  try {
    worker = new Worker(new URL("./answer-worker.ts", import.meta.url), { type: "module", name: "answer-reader" });
  } catch {
    broken = true;
    return null;
  }
  worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
    pending.get(event.data.id)?.resolve(event.data);
    pending.delete(event.data.id);
  };
  worker.onerror = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const [id, waiting] of pending) waiting.resolve({ id, ok: false, message: "the answer worker stopped" });
    pending.clear();
  };
  return worker;
}

/** Boots the worker ahead of need: a run has started, and its answer may be large. */
export function warmAnswerWorker(): void {
  startWorker();
}

/** The worker's answer, or null when there is no worker to ask. */
export function askAnswerWorker(
  task: WorkerTask,
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
  base?: string,
): Promise<WorkerResponse> | null {
  const target = startWorker();
  if (!target) return null;
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, { resolve });
    // The bytes are copied, not transferred: the page keeps its own for history and the raw size.
    target.postMessage({ id, task, bytes, contentType, base } satisfies WorkerRequest);
  });
}
