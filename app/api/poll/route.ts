import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handlePoll } from "@/lib/server/generate/poll-handler";

// Each poll asks the service for a job's current state: never cached.
export const dynamic = "force-dynamic";

export const POST = routeEntry((request: Request) => handlePoll(request, getServerConfig()));
