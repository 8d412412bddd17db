import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleShareFile } from "@/lib/server/shares/share-handlers";

export const dynamic = "force-dynamic";

export const GET = routeEntry(async (request: Request, { params }: { params: Promise<{ id: string; name: string }> }) => {
  const { id, name } = await params;
  return handleShareFile(request, getServerConfig(), id, name);
});
