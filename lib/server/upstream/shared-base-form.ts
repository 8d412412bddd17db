import "server-only";
import type { SharesConfig } from "@/lib/server/config/config";
import { readBaseForm, writeBaseForm } from "@/lib/server/database/base-form-store";
import { sharedDatabase } from "@/lib/server/database/shared-database";
import { rememberedForm, rememberForm, type ServiceTarget } from "./image-service-client";

/**
 * With a PostgreSQL server (several instances), the base form an `auto` service answered on is
 * kept there too: a new instance reads it before its first call instead of probing the other form
 * again. The process's own memory stays the fast path; the database is asked once per service root
 * (again only after a failed read), and never holds a generation up for long.
 */

const READ_TIMEOUT_MS = 500;

const slot = globalThis as typeof globalThis & { __sharedBaseForms?: { asked: Set<string>; saved: Map<string, string> } };
const state = (slot.__sharedBaseForms ??= { asked: new Set(), saved: new Map() });

const sharesAForm = (shares: SharesConfig, target: ServiceTarget) =>
  target.kind === "service" && target.formSetting === "auto" && "url" in shares.database;

/** Before a call: takes on the form another instance found, if this process knows none yet. */
export async function recallBaseForm(shares: SharesConfig, target: ServiceTarget): Promise<void> {
  if (!sharesAForm(shares, target) || rememberedForm(target.root) || state.asked.has(target.root)) return;
  state.asked.add(target.root);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const read = sharedDatabase(shares).then(({ db }) => readBaseForm(db, target.root));
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), READ_TIMEOUT_MS)));
  try {
    const form = await Promise.race([read, late]);
    if (form) {
      rememberForm(target.root, form);
      state.saved.set(target.root, form);
    }
  } catch {
    state.asked.delete(target.root);
  } finally {
    clearTimeout(timer);
  }
}

/** After a call: stores the form that answered when it is new to the database (not awaited by the answer). */
export function keepBaseForm(shares: SharesConfig, target: ServiceTarget): Promise<void> {
  const form = rememberedForm(target.root);
  if (!sharesAForm(shares, target) || !form || state.saved.get(target.root) === form) return Promise.resolve();
  state.saved.set(target.root, form);
  return sharedDatabase(shares)
    .then(({ db }) => writeBaseForm(db, target.root, form))
    .catch(() => void state.saved.delete(target.root));
}

/** Forgets what this process asked and saved (tests: a fresh instance). */
export function forgetSharedBaseForms(): void {
  state.asked.clear();
  state.saved.clear();
}
