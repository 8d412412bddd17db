import { getServerConfig } from "@/lib/server/config";
import { handlePoll } from "@/lib/server/poll-handler";

// Each poll asks the service for a job's current state: never cached.
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handlePoll(request, getServerConfig());
}
