import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleSearchLibrary } from "@/lib/server/library/library-handlers";

export const dynamic = "force-dynamic";

export const GET = routeEntry((request: Request) => handleSearchLibrary(request, getServerConfig()));
