import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleLibraryFile } from "@/lib/server/library/library-handlers";

export const dynamic = "force-dynamic";

export const GET = routeEntry(async (request: Request, { params }: { params: Promise<{ hash: string; name: string }> }) => {
  const { hash, name } = await params;
  return handleLibraryFile(request, getServerConfig(), hash, name);
});
