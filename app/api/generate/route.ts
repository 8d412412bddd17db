import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleGenerate } from "@/lib/server/generate/generate-handler";

// Every call spends the key and must reach the service: never cached, never prerendered.
export const dynamic = "force-dynamic";

export const POST = routeEntry((request: Request) => handleGenerate(request, getServerConfig()));
