import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleCollectionFile } from "@/lib/server/library/collection-handlers";

export const dynamic = "force-dynamic";

export const GET = routeEntry(async (request: Request, { params }: { params: Promise<{ id: string; hash: string; name: string }> }) => {
  const { id, hash, name } = await params;
  return handleCollectionFile(request, getServerConfig(), id, hash, name);
});
