import { routeEntry } from "@/lib/server/http/route-entry";
import { getServerConfig } from "@/lib/server/config/config";
import { handleImage } from "@/lib/server/generate/image-handler";

// Each request fetches a picture with the key for the signed-in page; the browser caches it privately.
export const dynamic = "force-dynamic";

export const GET = routeEntry((request: Request) => handleImage(request, getServerConfig()));
