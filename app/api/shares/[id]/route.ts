import { getServerConfig } from "@/lib/server/config/config";
import { handleStopSharing } from "@/lib/server/shares/share-handlers";

export const dynamic = "force-dynamic";

export async function DELETE(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return handleStopSharing(request, getServerConfig(), (await params).id);
}
