import "server-only";
import type { AccessConfig } from "@/lib/server/config/config";
import { hasValidSession } from "@/lib/server/access/session";
import { personOfSession } from "@/lib/server/access/person-sessions";
import { viewerOf, type Viewer } from "./author";
import { authorOfToken, bearerToken } from "@/lib/server/access/api-tokens";
import { sharedDatabase } from "@/lib/server/database/shared-database";

/**
 * Who is making a request, by the design's one rule: open mode "you" (admin of their own
 * playground), shared password "team" (a member), OpenID Connect the person their session belongs
 * to, with the role the provider's claims gave them at sign-in. null: nobody is signed in.
 */
export async function currentViewer(headers: Pick<Headers, "get">, access: AccessConfig): Promise<Viewer | null> {
  if (access.oidc) {
    const person = await personOfSession(headers, access);
    return person ? { author: { id: person.id, name: person.name }, role: person.role } : null;
  }
  return (await hasValidSession(headers, access)) ? viewerOf(access) : null;
}

const callers = new WeakMap<Request, Promise<Viewer | null>>();

/**
 * The caller of an API route: as `currentViewer`, or, where the route takes personal API tokens and
 * the playground is gated, the author of an `Authorization: Bearer pgt_…` token (never an admin:
 * tokens only generate). Looked up once per request.
 */
export function callerOf(request: Request, access: AccessConfig, options: { tokens: boolean }): Promise<Viewer | null> {
  const known = callers.get(request);
  if (known) return known;
  const gated = access.password !== null || access.oidc !== null;
  const token = options.tokens && gated ? bearerToken(request.headers) : null;
  const caller = token
    ? sharedDatabase({ database: access.secretHome })
        .then((connection) => authorOfToken(connection, token))
        .then((author): Viewer | null => (author ? { author, role: "member" } : null))
        .catch(() => null)
    : currentViewer(request.headers, access);
  callers.set(request, caller);
  return caller;
}
