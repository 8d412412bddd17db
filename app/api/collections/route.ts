import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleCreateCollection, handleListCollections } from "@/lib/server/library/collection-handlers";

export const dynamic = "force-dynamic";

export const GET = routeEntry((request: Request) => handleListCollections(request, getServerConfig()));
export const POST = routeEntry((request: Request) => handleCreateCollection(request, getServerConfig()));
