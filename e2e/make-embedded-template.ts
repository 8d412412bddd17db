import { rmSync } from "node:fs";
import { openDatabase } from "../lib/server/database/connection";
import { E2E_TEMPLATE_DIR } from "./embedded-template";

/**
 * Makes the embedded database the e2e servers start from (see embedded-template.ts): made and
 * migrated by the playground's own code, then closed. Run with the react-server condition, as
 * the database code is server-only.
 */
rmSync(E2E_TEMPLATE_DIR, { recursive: true, force: true });
await (await openDatabase({ dataDir: E2E_TEMPLATE_DIR })).close();
