import "server-only";
import type { AccessConfig } from "@/lib/server/config/config";
import { hasValidSession } from "@/lib/server/access/session";
import { personOfSession } from "@/lib/server/access/person-sessions";
import { viewerOf, type Viewer } from "./author";

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
