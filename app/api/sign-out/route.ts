import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleSignOut } from "@/lib/server/access/session-handlers";

export const dynamic = "force-dynamic";

export const POST = routeEntry((request: Request) => handleSignOut(request, getServerConfig()));
