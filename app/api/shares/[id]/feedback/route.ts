import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleAddFeedback, handleListFeedback } from "@/lib/server/shares/feedback-handlers";

export const dynamic = "force-dynamic";

export const GET = routeEntry(async (request: Request, { params }: { params: Promise<{ id: string }> }) =>
  handleListFeedback(request, getServerConfig(), (await params).id),
);

export const POST = routeEntry(async (request: Request, { params }: { params: Promise<{ id: string }> }) =>
  handleAddFeedback(request, getServerConfig(), (await params).id),
);
