import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleEndSessions } from "@/lib/server/audit/usage-handlers";

export const dynamic = "force-dynamic";

export const POST = routeEntry((request: Request) => handleEndSessions(request, getServerConfig()));
