// The embedded database (PGlite) on a thread of its own. PostgreSQL compiled to WebAssembly runs
// each statement on the thread that holds it; on the server's main thread that was most of its
// time under a busy batch, and every page and generation waited behind it. Here it runs beside the
// main thread, which keeps only the posting of statements and the reading of their rows
// (embedded-client.ts is the other side).
//
// Plain JavaScript, loaded by Node as it is: the server's bundle does not hold it.
//
// Messages in: { id, op: "query", tx?, text, params, rowMode, textTypes } | { id, op: "exec", tx?, text }
//   | { id, op: "begin" } (answers a transaction number once BEGIN has run)
//   | { id, op: "end", tx, commit } (answers once COMMIT or ROLLBACK has run) | { id, op: "close" }.
// Messages out: { id, ok: true, value } | { id, ok: false, error: { message, name, ...its fields } }.

import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

// The extensions the library's search creates (migration 0009), bundled with PGlite.
const opening = PGlite.create(workerData.dataDir, { extensions: { pg_trgm, btree_gin } });

/** Open transactions by number: the handle their statements run on, and how to end them. */
const transactions = new Map();
let lastTransaction = 0;

/** Thrown inside a transaction to make PGlite roll it back; never leaves this file. */
const ROLL_BACK = Symbol("roll back");

/** Types whose text the caller keeps as it is (the query builder does its own reading of dates). */
function parsersKeepingText(types) {
  if (!Array.isArray(types) || types.length === 0) return undefined;
  return Object.fromEntries(types.map((type) => [type, (text) => text]));
}

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

async function run(db, message) {
  switch (message.op) {
    case "query": {
      const target = handleOf(message.tx) ?? db;
      const result = await target.query(message.text, message.params, {
        rowMode: message.rowMode,
        parsers: parsersKeepingText(message.textTypes),
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case "exec": {
      const target = handleOf(message.tx) ?? db;
      const results = await target.exec(message.text);
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

parentPort.on("message", async (message) => {
  try {
    const db = await opening;
    const value = await run(db, message);
    parentPort.postMessage({ id: message.id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: describeError(error) });
  }
});
