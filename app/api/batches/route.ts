import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleCreateBatch, handleListBatches } from "@/lib/server/batches/batch-handlers";

export const dynamic = "force-dynamic";

export const GET = routeEntry((request: Request) => handleListBatches(request, getServerConfig()));
export const POST = routeEntry((request: Request) => handleCreateBatch(request, getServerConfig()));
