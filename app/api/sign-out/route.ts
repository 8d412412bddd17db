import { getServerConfig } from "@/lib/server/config/config";
import { handleSignOut } from "@/lib/server/access/session-handlers";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleSignOut(request, getServerConfig());
}
