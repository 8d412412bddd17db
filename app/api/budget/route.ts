import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleBudgetLeft } from "@/lib/server/audit/usage-handlers";

export const dynamic = "force-dynamic";

export const GET = routeEntry((request: Request) => handleBudgetLeft(request, getServerConfig()));
