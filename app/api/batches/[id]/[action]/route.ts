import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleChangeBatch } from "@/lib/server/batches/batch-handlers";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string; action: string }> };

/** POST /api/batches/<id>/cancel, /pause, /resume, /retry (the failed rows). */
export const POST = routeEntry(async (request: Request, { params }: Params) => {
  const { id, action } = await params;
  return handleChangeBatch(request, getServerConfig(), id, action);
});
