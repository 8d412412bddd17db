// The embedded database (PGlite) on a thread of its own. PostgreSQL compiled to WebAssembly runs
// each statement on the thread that holds it; on the server's main thread that was most of its
// time under a busy batch, and every page and generation waited behind it. Here it runs beside the
// main thread, which keeps only the posting of statements and the reading of their rows
// (embedded-client.ts is the other side).
//
// Plain JavaScript, so that Node and the test runner load it as it is; the server's build bundles it.
//
// Messages in (each may say urgent: true): { id, op: "query", tx?, text, params, rowMode, textTypes }
//   | { id, op: "exec", tx?, text, textTypes }
//   | { id, op: "begin" } (answers a transaction number once BEGIN has run)
//   | { id, op: "end", tx, commit } (answers once COMMIT or ROLLBACK has run) | { id, op: "close" }.
// Messages out: { id, ok: true, value } | { id, ok: false, error: { message, name, ...its fields } }.

import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const keepText = (text) => text;

/**
 * Types whose text PGlite keeps as it is by default: the ones the query builder reads itself, which
 * it names on every query. A query naming its own types has them merged into PGlite's table of
 * every type, which took a third of a small query's time; named by default, the builder's queries
 * merge nothing. A call naming other types (the queue's, the migrations: none) gets exactly those.
 */
const DEFAULT_TEXT_TYPES = new Set(workerData.textTypes);

async function open() {
  // The extensions the library's search creates (migration 0009), bundled with PGlite.
  const db = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm, btree_gin } });
  // PGlite's own reading of the default text types, kept for calls that do not name them. An
  // array type's reading looks its element's up at run time: bound here to the element's own.
  const { rows } = await db.query("SELECT oid::int AS oid, typelem::int AS elem FROM pg_type WHERE oid = ANY($1::oid[])", [
    [...DEFAULT_TEXT_TYPES],
  ]);
  const elementOf = new Map(rows.map((row) => [row.oid, row.elem]));
  const own = { ...db.parsers };
  const ownReading = new Map(
    [...DEFAULT_TEXT_TYPES].map((type) => {
      const element = elementOf.get(type) ?? 0;
      const reading = element === 0 ? own[type] : (text) => types.arrayParser(text, own[element] ?? keepText, type);
      return [type, reading ?? keepText];
    }),
  );
  for (const type of DEFAULT_TEXT_TYPES) db.parsers[type] = keepText;
  return { db, ownReading };
}

const opening = open();

/** The parsers a call passes so that exactly the types it names are kept as text (none for the builder's). */
const overridesByTypes = new Map();
function parsersFor(ownReading, textTypes) {
  // Keyed as sent: a caller names the same types in the same order each time.
  const key = (textTypes ?? []).join(",");
  let overrides = overridesByTypes.get(key);
  if (overrides === undefined) {
    const wanted = new Set(textTypes ?? []);
    const entries = [
      ...[...DEFAULT_TEXT_TYPES].filter((type) => !wanted.has(type)).map((type) => [type, ownReading.get(type)]),
      ...[...wanted].filter((type) => !DEFAULT_TEXT_TYPES.has(type)).map((type) => [type, keepText]),
    ];
    overrides = entries.length === 0 ? null : Object.fromEntries(entries);
    overridesByTypes.set(key, overrides);
  }
  return overrides ?? undefined;
}

/** Open transactions by number: the handle their statements run on, and how to end them. */
const transactions = new Map();
let lastTransaction = 0;

/** Thrown inside a transaction to make PGlite roll it back; never leaves this file. */
const ROLL_BACK = Symbol("roll back");

/** A database error's fields (code, detail, constraint…) cross the thread, not just its message. */
function describeError(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

function handleOf(tx) {
  if (tx === undefined) return null;
  const open = transactions.get(tx);
  if (!open) throw new Error(`Transaction ${tx} is not open.`);
  return open.handle;
}

async function begin(db) {
  const number = ++lastTransaction;
  return new Promise((answer, refuse) => {
    const open = { handle: null, finish: null, done: null };
    open.done = db.transaction(async (handle) => {
      open.handle = handle;
      const commit = await new Promise((finish) => {
        open.finish = finish;
        transactions.set(number, open);
        answer(number);
      });
      if (!commit) throw ROLL_BACK;
    });
    // BEGIN itself failed (a later failure is end's to answer: refusing after answering does nothing).
    open.done.catch(refuse);
  });
}

async function end(number, commit) {
  const open = transactions.get(number);
  if (!open) throw new Error(`Transaction ${number} is not open.`);
  open.finish(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLL_BACK) throw error;
  } finally {
    transactions.delete(number);
  }
}

async function run({ db, ownReading }, message) {
  switch (message.op) {
    case "query": {
      const target = handleOf(message.tx) ?? db;
      const result = await target.query(message.text, message.params, {
        rowMode: message.rowMode,
        parsers: parsersFor(ownReading, message.textTypes),
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case "exec": {
      const target = handleOf(message.tx) ?? db;
      const results = await target.exec(message.text, { parsers: parsersFor(ownReading, message.textTypes) });
      return results.map((result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }));
    }
    case "begin":
      return begin(db);
    case "end":
      return end(message.tx, message.commit);
    case "close":
      await db.close();
      return null;
    default:
      throw new Error(`Unknown operation ${JSON.stringify(message.op)}.`);
  }
}

/** Runs a call and posts its answer; true when it succeeded. */
async function answer(message) {
  try {
    const value = await run(await opening, message);
    parentPort.postMessage({ id: message.id, ok: true, value });
    return true;
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: describeError(error) });
    return false;
  }
}

/**
 * Calls wait here, not in PGlite, so that the next one can be chosen: an urgent call (one a batch's
 * next send waits on) goes before the others waiting. One call at a time; a transaction's own
 * statements and its end run at once, since it holds the database until it ends.
 */
const waiting = { urgent: [], other: [] };
/** A call (or a transaction, from its begin to its end) has the database. */
let holding = false;

function takeTurns() {
  if (holding) return;
  const next = waiting.urgent.shift() ?? waiting.other.shift();
  if (!next) return;
  holding = true;
  void answer(next).then((succeeded) => {
    // A begun transaction keeps the database until its end comes (see below).
    if (next.op === "begin" && succeeded) return;
    release();
  });
}

function release() {
  holding = false;
  nextTurn();
}

let turnComing = false;
/**
 * The next call is chosen once the messages that have arrived are all in line (they are handed
 * over together, before the loop's next turn), so an urgent one among them goes first.
 */
function nextTurn() {
  if (turnComing) return;
  turnComing = true;
  setImmediate(() => {
    turnComing = false;
    takeTurns();
  });
}

parentPort.on("message", (message) => {
  if (message.tx !== undefined) {
    void answer(message).then(() => {
      if (message.op === "end") release();
    });
    return;
  }
  (message.urgent ? waiting.urgent : waiting.other).push(message);
  nextTurn();
});
