import { getServerConfig } from "@/lib/server/config";
import { handleSignIn } from "@/lib/server/session-handlers";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleSignIn(request, getServerConfig());
}
