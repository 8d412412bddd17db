import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleChangeCollection, handleDeleteCollection, handleReadCollection } from "@/lib/server/library/collection-handlers";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const GET = routeEntry(async (request: Request, { params }: Params) =>
  handleReadCollection(request, getServerConfig(), (await params).id),
);
export const PATCH = routeEntry(async (request: Request, { params }: Params) =>
  handleChangeCollection(request, getServerConfig(), (await params).id),
);
export const DELETE = routeEntry(async (request: Request, { params }: Params) =>
  handleDeleteCollection(request, getServerConfig(), (await params).id),
);
