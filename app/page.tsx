import { connection } from "next/server";
import { ConfigErrorScreen } from "@/components/config-error-screen";
import { Playground } from "@/components/playground";
import { getServerConfig } from "@/lib/server/config";
import { describeService } from "@/lib/server/service-target";

export default async function HomePage() {
  // Read the configuration per request at run time, never baked into the build.
  await connection();
  const configResult = getServerConfig();
  if (!configResult.ok) return <ConfigErrorScreen problems={configResult.problems} />;
  const { config } = configResult;
  const service = await describeService(config);
  return <Playground models={config.models} promptMaxChars={config.promptMaxChars} service={service} />;
}
