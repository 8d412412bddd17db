import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleOidcStart } from "@/lib/server/oidc/oidc-handlers";

export const dynamic = "force-dynamic";

export const GET = routeEntry((request: Request) => handleOidcStart(request, getServerConfig()));
