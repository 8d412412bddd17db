import { archivedRunFiles } from "@/lib/browser/history/history-export";
import type { HistoryRun } from "@/lib/history/history-types";
import { problemSchema } from "@/lib/request/problem";

/**
 * The browser's side of sharing: the owner token that alone can stop a share (kept in this
 * browser), the shares this browser made (so history can mark them and the dialog can offer to
 * stop them), and the calls to the share routes.
 */

export type ShareExpiry = "never" | "1" | "7" | "30";
export type MadeShare = { id: string; path: string; expiresAt: string | null };
export type ShareOutcome = { ok: true; share: MadeShare } | { ok: false; message: string };

const OWNER_KEY = "playground.share-owner";
const SHARES_KEY = "playground.shares";
export const SHARES_CHANGED_EVENT = "playground:shares-changed";

function ownerToken(): string {
  let token = localStorage.getItem(OWNER_KEY);
  if (!token) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    token = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    localStorage.setItem(OWNER_KEY, token);
  }
  return token;
}

/** The shares this browser made, by the history id of the run shared (expired ones dropped). */
export function madeShares(now = Date.now()): Record<string, MadeShare> {
  try {
    const parsed = JSON.parse(localStorage.getItem(SHARES_KEY) ?? "{}") as Record<string, MadeShare>;
    return Object.fromEntries(Object.entries(parsed).filter(([, share]) => share.expiresAt === null || Date.parse(share.expiresAt) > now));
  } catch {
    return {};
  }
}

function remember(runId: string, share: MadeShare | null): void {
  const shares = madeShares();
  if (share) shares[runId] = share;
  else delete shares[runId];
  localStorage.setItem(SHARES_KEY, JSON.stringify(shares));
  window.dispatchEvent(new Event(SHARES_CHANGED_EVENT));
}

export function shareUrl(share: MadeShare): string {
  return new URL(share.path, window.location.origin).href;
}

async function problemMessage(response: Response): Promise<string> {
  try {
    const problem = problemSchema.parse(await response.json());
    return [problem.title, problem.detail].filter(Boolean).join(": ");
  } catch {
    return `The playground answered ${response.status}.`;
  }
}

export async function shareRun(run: HistoryRun, expires: ShareExpiry): Promise<ShareOutcome> {
  const { entries, archived } = await archivedRunFiles(run);
  const form = new FormData();
  form.set("ownerToken", ownerToken());
  form.set("expires", expires);
  form.set("run", JSON.stringify(archived));
  for (const entry of entries) {
    if (entry.name === "run.json" || entry.name === "request.json") continue;
    form.append("file", entry.data instanceof Blob ? entry.data : new Blob([entry.data as Uint8Array<ArrayBuffer>]), entry.name);
  }
  let response: Response;
  try {
    response = await fetch("/api/shares", { method: "POST", body: form });
  } catch {
    return { ok: false, message: "The playground could not be reached. Check the connection and try again." };
  }
  if (!response.ok) return { ok: false, message: await problemMessage(response) };
  const share = (await response.json()) as MadeShare;
  remember(run.id, { id: share.id, path: share.path, expiresAt: share.expiresAt });
  return { ok: true, share };
}

export async function stopSharing(runId: string, share: MadeShare): Promise<{ ok: true } | { ok: false; message: string }> {
  let response: Response;
  try {
    response = await fetch(`/api/shares/${encodeURIComponent(share.id)}`, {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ownerToken: ownerToken() }),
    });
  } catch {
    return { ok: false, message: "The playground could not be reached. Check the connection and try again." };
  }
  // Already gone (stopped elsewhere, or purged): this browser forgets it too.
  if (response.ok || response.status === 404) {
    remember(runId, null);
    return { ok: true };
  }
  return { ok: false, message: await problemMessage(response) };
}
