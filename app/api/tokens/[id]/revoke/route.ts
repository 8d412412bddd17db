import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleRevokeToken } from "@/lib/server/access/token-handlers";

export const dynamic = "force-dynamic";

export const POST = routeEntry(async (request: Request, { params }: { params: Promise<{ id: string }> }) =>
  handleRevokeToken(request, getServerConfig(), (await params).id),
);
