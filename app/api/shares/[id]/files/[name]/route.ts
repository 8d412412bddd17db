import { getServerConfig } from "@/lib/server/config/config";
import { handleShareFile } from "@/lib/server/shares/share-handlers";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string; name: string }> }): Promise<Response> {
  const { id, name } = await params;
  return handleShareFile(request, getServerConfig(), id, name);
}
