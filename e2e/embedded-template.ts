import { cpSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { EMBEDDED_DATABASE_FOLDER } from "../lib/server/database/data-folder-layout";
import { E2E_DATA_DIR } from "./servers";

/**
 * The embedded database made and migrated before the run (`npm run test:e2e` runs
 * make-embedded-template.ts first). The servers start from copies of it: each made its own
 * before, about 6 s of a core each (PostgreSQL's initdb in WebAssembly), while the tests ran.
 */
export const E2E_TEMPLATE_DIR = `${E2E_DATA_DIR}/template`;

/** The template's database, for a server's data folder to start from. */
export const E2E_TEMPLATE_DATABASE = join(E2E_TEMPLATE_DIR, EMBEDDED_DATABASE_FOLDER);

/**
 * `folder`, made, holding a copy of the template's database; without a template (Playwright run
 * on its own), empty, and the server makes its database as on a first start. Returns `folder`.
 */
export function seededDataFolder(folder: string): string {
  mkdirSync(folder, { recursive: true });
  if (existsSync(E2E_TEMPLATE_DATABASE)) cpSync(E2E_TEMPLATE_DATABASE, join(folder, EMBEDDED_DATABASE_FOLDER), { recursive: true });
  return folder;
}
