import { getServerConfig } from "@/lib/server/config/config";
import { handlePoll } from "@/lib/server/generate/poll-handler";

// Each poll asks the service for a job's current state: never cached.
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handlePoll(request, getServerConfig());
}
