import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleRemoveFeedback } from "@/lib/server/shares/feedback-handlers";

export const dynamic = "force-dynamic";

export const DELETE = routeEntry(async (request: Request, { params }: { params: Promise<{ id: string; feedbackId: string }> }) => {
  const { id, feedbackId } = await params;
  return handleRemoveFeedback(request, getServerConfig(), id, feedbackId);
});
