import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleAddRuns, handleCollectionRuns, handleRemoveRuns } from "@/lib/server/library/collection-handlers";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const GET = routeEntry(async (request: Request, { params }: Params) =>
  handleCollectionRuns(request, getServerConfig(), (await params).id),
);
export const POST = routeEntry(async (request: Request, { params }: Params) =>
  handleAddRuns(request, getServerConfig(), (await params).id),
);
export const DELETE = routeEntry(async (request: Request, { params }: Params) =>
  handleRemoveRuns(request, getServerConfig(), (await params).id),
);
