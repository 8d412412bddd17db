import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleFeedbackSummaries } from "@/lib/server/shares/feedback-handlers";

export const dynamic = "force-dynamic";

export const GET = routeEntry((request: Request) => handleFeedbackSummaries(request, getServerConfig()));
