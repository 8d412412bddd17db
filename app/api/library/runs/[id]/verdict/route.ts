import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleSetVerdict } from "@/lib/server/library/library-handlers";

export const dynamic = "force-dynamic";

export const PUT = routeEntry(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const { id } = await params;
  return handleSetVerdict(request, getServerConfig(), id);
});
