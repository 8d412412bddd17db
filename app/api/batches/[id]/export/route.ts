import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleExportBatch } from "@/lib/server/batches/batch-handlers";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

/** The batch as CSV: one line per row. */
export const GET = routeEntry(async (request: Request, { params }: Params) =>
  handleExportBatch(request, getServerConfig(), (await params).id),
);
