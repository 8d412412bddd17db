/**
 * Where things live in an embedded database's data folder. No `server-only` here: the test
 * suites' tooling copies made databases into new folders, and holds nothing secret to do so.
 */

/** The embedded database itself (PGlite's own folder). */
export const EMBEDDED_DATABASE_FOLDER = "database";
