import "server-only";
import type { Person } from "@/lib/server/access/person-sessions";
import type { OidcConfig } from "./oidc-config";

/**
 * Whom the provider's ID token lets in, and as what. Each allow-list that is set must admit the
 * person (an email domain, a group); an email counts only when the provider has not said it is
 * unverified. Admins: listed by email, or in an admin group. A refusal keeps nothing; the sign-in
 * page says why (sign-in-problems.ts).
 */

export type Refusal = { kind: "no-subject" } | { kind: "domain"; email: string | null } | { kind: "group" };

export type Admission = { ok: true; person: Person } | { ok: false; refusal: Refusal };

type Claims = Record<string, unknown>;

function groupsOf(claims: Claims): string[] {
  const groups = claims.groups;
  if (typeof groups === "string") return [groups];
  return Array.isArray(groups) ? groups.filter((group): group is string => typeof group === "string") : [];
}

export function admitPerson(
  claims: Claims,
  oidc: Pick<OidcConfig, "allowedDomains" | "allowedGroups" | "admins" | "adminGroups">,
): Admission {
  const sub = typeof claims.sub === "string" ? claims.sub : "";
  if (sub === "" || sub.length > 255) return { ok: false, refusal: { kind: "no-subject" } };
  const verified = claims.email_verified !== false;
  const email = typeof claims.email === "string" && claims.email.includes("@") && verified ? claims.email.toLowerCase() : null;
  const groups = groupsOf(claims);
  if (oidc.allowedDomains.length > 0) {
    const domain = email?.split("@").pop() ?? null;
    if (!domain || !oidc.allowedDomains.includes(domain)) return { ok: false, refusal: { kind: "domain", email } };
  }
  if (oidc.allowedGroups.length > 0 && !groups.some((group) => oidc.allowedGroups.includes(group))) {
    return { ok: false, refusal: { kind: "group" } };
  }
  const admin = (email !== null && oidc.admins.includes(email)) || groups.some((group) => oidc.adminGroups.includes(group));
  const name = typeof claims.name === "string" && claims.name.trim() !== "" ? claims.name.trim().slice(0, 200) : (email ?? sub);
  return { ok: true, person: { id: sub, email, name, role: admin ? "admin" : "member" } };
}
