import "server-only";
import type { AccessConfig } from "@/lib/server/config/config";

/**
 * Who a request acts for, by the one rule of the design: in open mode the one person at this
 * playground ("you"), behind the shared password the team as one identity ("team"). Budgets, the
 * audit log and every record the server keeps carry this id.
 */
export type Author = { id: string; name: string };

export const OPEN_AUTHOR: Author = { id: "you", name: "You" };
export const TEAM_AUTHOR: Author = { id: "team", name: "Team" };

export function authorOf(access: Pick<AccessConfig, "password">): Author {
  return access.password === null ? OPEN_AUTHOR : TEAM_AUTHOR;
}

/**
 * What the signed-in viewer may see and change. In open mode the one person owns the playground
 * (admin); behind the shared password the team is one member: only its own line, no overrides.
 */
export type Viewer = { author: Author; role: "admin" | "member" };

export function viewerOf(access: Pick<AccessConfig, "password">): Viewer {
  return access.password === null ? { author: OPEN_AUTHOR, role: "admin" } : { author: TEAM_AUTHOR, role: "member" };
}
