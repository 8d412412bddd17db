import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleMakeLink, handleStopLink } from "@/lib/server/library/collection-handlers";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const POST = routeEntry(async (request: Request, { params }: Params) =>
  handleMakeLink(request, getServerConfig(), (await params).id),
);
export const DELETE = routeEntry(async (request: Request, { params }: Params) =>
  handleStopLink(request, getServerConfig(), (await params).id),
);
