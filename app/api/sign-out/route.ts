import { getServerConfig } from "@/lib/server/config";
import { handleSignOut } from "@/lib/server/session-handlers";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleSignOut(request, getServerConfig());
}
