import { getServerConfig } from "@/lib/server/config/config";
import { handleCreateShare } from "@/lib/server/shares/share-handlers";

export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleCreateShare(request, getServerConfig());
}
