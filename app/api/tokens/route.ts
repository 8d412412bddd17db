import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleCreateToken } from "@/lib/server/access/token-handlers";

export const dynamic = "force-dynamic";

export const POST = routeEntry((request: Request) => handleCreateToken(request, getServerConfig()));
