import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleStopSharing } from "@/lib/server/shares/share-handlers";

export const dynamic = "force-dynamic";

export const DELETE = routeEntry(async (request: Request, { params }: { params: Promise<{ id: string }> }) =>
  handleStopSharing(request, getServerConfig(), (await params).id),
);
