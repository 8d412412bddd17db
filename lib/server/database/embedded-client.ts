import "server-only";
import { Worker } from "node:worker_threads";
import { isUrgent } from "./urgent-statements";

/**
 * The embedded database as this thread sees it: PGlite's query, exec and transaction, answered by
 * the thread that holds it (embedded-worker.mjs). Under a busy batch, PGlite's WebAssembly was most
 * of the main thread's time; on its own thread it no longer delays pages, generations and the
 * batch runner's own work, and the two cores work at once.
 *
 * Statements run one at a time on one PGlite, in the order sent, except that urgent ones
 * (urgent-statements.ts) go before the others waiting; while a transaction is open, other
 * statements wait for its end.
 */

export type EmbeddedField = { name: string; dataTypeID: number };
export type EmbeddedResult<Row> = { rows: Row[]; fields: EmbeddedField[]; affectedRows?: number };

/** The query options the query builder passes: how rows come, and the types it reads itself. */
export type EmbeddedQueryOptions = { rowMode?: "array" | "object"; parsers?: Record<number, (text: string) => unknown> };

/** What a transaction's statements run on, as PGlite's transaction handle. */
export type EmbeddedTransaction = {
  query: <Row = Record<string, unknown>>(text: string, params?: unknown[], options?: EmbeddedQueryOptions) => Promise<EmbeddedResult<Row>>;
  exec: (text: string) => Promise<EmbeddedResult<Record<string, unknown>>[]>;
};

type Request =
  | { op: "query"; tx?: number; text: string; params: unknown[]; rowMode?: "array" | "object"; textTypes: number[] }
  | { op: "exec"; tx?: number; text: string; textTypes: number[] }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "close" };

type Answer =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string; name: string } };

/**
 * The types the query builder reads itself (it names them on every query): timestamp, timestamptz,
 * interval, date, and the arrays of numeric, timestamp, timestamptz, interval and date. The
 * database's thread keeps their text by default, so those queries need no parsers of their own.
 */
const QUERY_BUILDER_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/** A parser may only keep the text as it is: functions cannot cross to the database's thread. */
const PARSER_PROBE = "2001-02-03 04:05:06.789+00";

/** Parsers already found to keep the text as it is: the query builder passes the same ones on every query. */
const parsersKeepingText = new WeakSet<(text: string) => unknown>();

function typesKeptAsText(parsers: EmbeddedQueryOptions["parsers"]): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([type, parse]) => {
    if (!parsersKeepingText.has(parse)) {
      if (parse(PARSER_PROBE) !== PARSER_PROBE) {
        throw new Error(`The embedded database's thread can only keep type ${type} as text; its parser changes the text.`);
      }
      parsersKeepingText.add(parse);
    }
    return Number(type);
  });
}

/** The database's error with its fields (code, detail, constraint…), as if thrown here. */
function rebuiltError(described: Record<string, unknown> & { message: string; name: string }): Error {
  const error = new Error(described.message);
  Object.assign(error, described);
  return error;
}

export class EmbeddedClient implements EmbeddedTransaction {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private lastId = 0;
  /** Set once the thread is gone: every later call fails with it. */
  private stopped: Error | null = null;

  constructor(dataDir: string) {
    // Written so the server's bundler sees the worker (and bundles it with the server), and a test
    // runner or Node finds it beside this file.
    this.worker = new Worker(new URL("./embedded-worker.mjs", import.meta.url), {
      workerData: { dataDir, textTypes: QUERY_BUILDER_TEXT_TYPES },
    });
    // Like a database in this thread, the worker keeps the process alive only while a call waits.
    this.worker.unref();
    this.worker.on("message", (answer: Answer) => this.settle(answer));
    this.worker.on("error", (error) => this.stop(error));
    this.worker.on("exit", (code) => this.stop(new Error(`The embedded database's thread stopped (exit code ${code}).`)));
  }

  query<Row = Record<string, unknown>>(text: string, params: unknown[] = [], options?: EmbeddedQueryOptions) {
    return this.queryIn<Row>(undefined, text, params, options);
  }

  exec(text: string) {
    return this.execIn(undefined, text);
  }

  /** Runs `work` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(work: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.call({ op: "begin" })) as number;
    const handle: EmbeddedTransaction = {
      query: (text, params = [], options) => this.queryIn(tx, text, params, options),
      exec: (text) => this.execIn(tx, text),
    };
    let result: T;
    try {
      result = await work(handle);
    } catch (error) {
      await this.call({ op: "end", tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: "end", tx, commit: true });
    return result;
  }

  /** Closes the database (its files are consistent on disk after this), then its thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.call({ op: "close" });
    } finally {
      this.stop(new Error("The embedded database is closed."));
      await this.worker.terminate();
    }
  }

  private async queryIn<Row>(tx: number | undefined, text: string, params: unknown[], options?: EmbeddedQueryOptions) {
    const request: Request = { op: "query", tx, text, params, rowMode: options?.rowMode, textTypes: typesKeptAsText(options?.parsers) };
    return (await this.call(request)) as EmbeddedResult<Row>;
  }

  private async execIn(tx: number | undefined, text: string) {
    return (await this.call({ op: "exec", tx, text, textTypes: [] })) as EmbeddedResult<Record<string, unknown>>[];
  }

  private call(request: Request): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, urgent: isUrgent(), ...request });
    });
  }

  private settle(answer: Answer) {
    const waiter = this.waiting.get(answer.id);
    if (!waiter) return;
    this.waiting.delete(answer.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (answer.ok) waiter.resolve(answer.value);
    else waiter.reject(rebuiltError(answer.error));
  }

  private stop(reason: Error) {
    this.stopped ??= reason;
    for (const waiter of this.waiting.values()) waiter.reject(this.stopped);
    this.waiting.clear();
  }
}
