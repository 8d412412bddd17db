import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleCreateShare } from "@/lib/server/shares/share-handlers";

export const dynamic = "force-dynamic";

export const POST = routeEntry((request: Request) => handleCreateShare(request, getServerConfig()));
