import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleSetMember } from "@/lib/server/library/collection-handlers";

export const dynamic = "force-dynamic";

export const PUT = routeEntry(async (request: Request, { params }: { params: Promise<{ id: string }> }) =>
  handleSetMember(request, getServerConfig(), (await params).id),
);
