import { getServerConfig } from "@/lib/server/config/config";
import { handleGenerate } from "@/lib/server/generate/generate-handler";

// Every call spends the key and must reach the service: never cached, never prerendered.
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleGenerate(request, getServerConfig());
}
