import "server-only";
import { isKnownHost, isLoopbackName, type KnownHosts } from "@/lib/server/http/known-hosts";

/**
 * Sign-in with the company's OpenID Connect provider, from PLAYGROUND_OIDC_*: who the provider is,
 * how the playground is reached (its redirect URI is <public URL>/api/auth/callback/oidc), who may
 * enter (email domains and/or groups) and who is an admin (emails and/or groups).
 */
export type OidcConfig = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The origin people use, without a trailing slash. */
  publicUrl: string;
  /** The provider's name on the sign-in button: "Sign in with …". */
  name: string;
  scopes: string;
  /** Lower-case email domains; empty: any. */
  allowedDomains: string[];
  /** Values of the `groups` claim; empty: any. */
  allowedGroups: string[];
  /** Lower-case emails. */
  admins: string[];
  adminGroups: string[];
};

export type OidcVars = {
  PLAYGROUND_OIDC_ISSUER?: string;
  PLAYGROUND_OIDC_CLIENT_ID?: string;
  PLAYGROUND_OIDC_CLIENT_SECRET?: string;
  PLAYGROUND_PUBLIC_URL?: string;
  PLAYGROUND_OIDC_NAME?: string;
  PLAYGROUND_OIDC_SCOPES?: string;
  PLAYGROUND_OIDC_ALLOWED_DOMAINS?: string;
  PLAYGROUND_OIDC_ALLOWED_GROUPS?: string;
  PLAYGROUND_ADMINS?: string;
  PLAYGROUND_OIDC_ADMIN_GROUPS?: string;
  PLAYGROUND_PASSWORD?: string;
};

export const OIDC_CALLBACK_PATH = "/api/auth/callback/oidc";

const list = (text: string | undefined, lower: boolean) =>
  (text ?? "")
    .split(",")
    .map((entry) => (lower ? entry.trim().toLowerCase() : entry.trim()))
    .filter((entry) => entry !== "");

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** null: sign-in with a provider is not configured (none of the three is set). */
export function readOidcConfig(vars: OidcVars, allowedHosts: KnownHosts, problems: string[]): OidcConfig | null {
  const { PLAYGROUND_OIDC_ISSUER: issuer, PLAYGROUND_OIDC_CLIENT_ID: clientId, PLAYGROUND_OIDC_CLIENT_SECRET: clientSecret } = vars;
  if (issuer === undefined && clientId === undefined && clientSecret === undefined) return null;
  const missing = [
    ["PLAYGROUND_OIDC_ISSUER", issuer],
    ["PLAYGROUND_OIDC_CLIENT_ID", clientId],
    ["PLAYGROUND_OIDC_CLIENT_SECRET", clientSecret],
    ["PLAYGROUND_PUBLIC_URL", vars.PLAYGROUND_PUBLIC_URL],
  ].filter(([, value]) => value === undefined);
  for (const [name] of missing)
    problems.push(`${name}: required for sign-in with OpenID Connect (set with PLAYGROUND_OIDC_ISSUER, _CLIENT_ID and _CLIENT_SECRET)`);
  if (vars.PLAYGROUND_PASSWORD !== undefined) {
    problems.push("PLAYGROUND_PASSWORD: set either a shared password or OpenID Connect sign-in, not both");
  }
  const issuerUrl = issuer === undefined ? null : parseUrl(issuer);
  if (issuer !== undefined && (!issuerUrl || (issuerUrl.protocol !== "https:" && issuerUrl.protocol !== "http:"))) {
    problems.push("PLAYGROUND_OIDC_ISSUER: must be the provider's https:// URL");
  } else if (issuerUrl?.protocol === "http:" && !isLoopbackName(issuerUrl.hostname.replace(/^\[|\]$/g, ""))) {
    problems.push("PLAYGROUND_OIDC_ISSUER: http:// is accepted only on this machine (localhost, 127.0.0.1, [::1]); use https://");
  }
  const publicUrl = vars.PLAYGROUND_PUBLIC_URL === undefined ? null : parseUrl(vars.PLAYGROUND_PUBLIC_URL);
  if (vars.PLAYGROUND_PUBLIC_URL !== undefined) {
    if (
      !publicUrl ||
      (publicUrl.protocol !== "https:" && publicUrl.protocol !== "http:") ||
      (publicUrl.pathname !== "/" && publicUrl.pathname !== "")
    ) {
      problems.push("PLAYGROUND_PUBLIC_URL: must be the origin people use, such as https://playground.example.com (no path)");
    } else if (!isKnownHost(publicUrl.host, allowedHosts)) {
      problems.push(`PLAYGROUND_PUBLIC_URL: its host ${publicUrl.hostname} must also be listed in PLAYGROUND_ALLOWED_HOSTS`);
    }
  }
  if (missing.length > 0 || !issuerUrl || !publicUrl) return null;
  return {
    issuer: issuerUrl.href,
    clientId: clientId ?? "",
    clientSecret: clientSecret ?? "",
    publicUrl: publicUrl.origin,
    name: vars.PLAYGROUND_OIDC_NAME ?? "single sign-on",
    scopes: vars.PLAYGROUND_OIDC_SCOPES ?? "openid email profile",
    allowedDomains: list(vars.PLAYGROUND_OIDC_ALLOWED_DOMAINS, true).map((domain) => domain.replace(/^@/, "")),
    allowedGroups: list(vars.PLAYGROUND_OIDC_ALLOWED_GROUPS, false),
    admins: list(vars.PLAYGROUND_ADMINS, true),
    adminGroups: list(vars.PLAYGROUND_OIDC_ADMIN_GROUPS, false),
  };
}
