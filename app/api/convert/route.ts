import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleConvert } from "@/lib/server/generate/convert-handler";

// Each request converts the picture it carries for display: nothing to cache on the server.
export const dynamic = "force-dynamic";

export const POST = routeEntry((request: Request) => handleConvert(request, getServerConfig()));
