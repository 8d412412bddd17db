import { getServerConfig } from "@/lib/server/config/config";
import { handleHealth } from "@/lib/server/health/health-handler";

// A load balancer's check: always answered fresh.
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handleHealth(request, getServerConfig());
}
