/**
 * What this browser keeps of its shares, in localStorage: the owner token that alone can stop a
 * share, and the shares it made (so history can mark them and the dialog can offer to stop them).
 * No schema and no network here: history reads it as soon as it opens.
 */

export type MadeShare = { id: string; path: string; expiresAt: string | null };

const OWNER_KEY = "playground.share-owner";
const SHARES_KEY = "playground.shares";
export const SHARES_CHANGED_EVENT = "playground:shares-changed";

export function ownerToken(): string {
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

/** The shares this browser made, by share key (see shareKeyOfGrid; expired ones dropped). */
export function madeShares(now = Date.now()): Record<string, MadeShare> {
  try {
    const parsed = JSON.parse(localStorage.getItem(SHARES_KEY) ?? "{}") as Record<string, MadeShare>;
    return Object.fromEntries(Object.entries(parsed).filter(([, share]) => share.expiresAt === null || Date.parse(share.expiresAt) > now));
  } catch {
    return {};
  }
}

export function remember(key: string, share: MadeShare | null): void {
  const shares = madeShares();
  if (share) shares[key] = share;
  else delete shares[key];
  localStorage.setItem(SHARES_KEY, JSON.stringify(shares));
  window.dispatchEvent(new Event(SHARES_CHANGED_EVENT));
}

export function shareUrl(share: MadeShare): string {
  return new URL(share.path, window.location.origin).href;
}
