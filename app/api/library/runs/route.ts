import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleDeleteRuns, handleKeepRun, handleNewestRuns } from "@/lib/server/library/library-handlers";

export const dynamic = "force-dynamic";

export const GET = routeEntry((request: Request) => handleNewestRuns(request, getServerConfig()));
export const POST = routeEntry((request: Request) => handleKeepRun(request, getServerConfig()));
export const DELETE = routeEntry((request: Request) => handleDeleteRuns(request, getServerConfig()));
