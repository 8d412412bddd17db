import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleBatchRows } from "@/lib/server/batches/batch-handlers";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export const GET = routeEntry(async (request: Request, { params }: Params) =>
  handleBatchRows(request, getServerConfig(), (await params).id),
);
