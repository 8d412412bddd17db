import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleClearLibrary } from "@/lib/server/library/library-handlers";

export const dynamic = "force-dynamic";

export const POST = routeEntry((request: Request) => handleClearLibrary(request, getServerConfig()));
