import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleBudgetChange } from "@/lib/server/audit/usage-handlers";

export const dynamic = "force-dynamic";

export const POST = routeEntry((request: Request) => handleBudgetChange(request, getServerConfig()));
