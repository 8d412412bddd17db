import "server-only";
import type { ServerConfig } from "@/lib/server/config/config";
import { DEMO_API_KEY, getEmbeddedDemoService } from "@/lib/server/demo-service/embedded-demo";
import type { ServiceTarget } from "./image-service-client";

/**
 * Decides whether a job's polling URL may be fetched with the key: only http(s), only on the
 * origin of the service the key belongs to, never with credentials in the URL. Anything else would
 * send the key elsewhere or make the playground an open proxy into its own network.
 */
export async function pollTargetFor(
  config: ServerConfig,
  raw: string,
): Promise<{ ok: true; url: string; target: ServiceTarget } | { ok: false; reason: string }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "it is not an absolute URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, reason: `only http and https are fetched, not ${url.protocol}` };
  if (url.username || url.password) return { ok: false, reason: "it carries a user name or password" };
  if (config.service && url.origin === new URL(config.service.root).origin) {
    return { ok: true, url: url.href, target: { kind: "service", ...config.service } };
  }
  if (config.demo.enabled) {
    const demo = await getEmbeddedDemoService(config.demo.port).catch(() => null);
    if (demo && url.origin === new URL(demo.baseUrl).origin) {
      return {
        ok: true,
        url: url.href,
        target: { kind: "demo", root: demo.baseUrl, givenForm: "host", formSetting: "host", apiKey: DEMO_API_KEY },
      };
    }
  }
  return { ok: false, reason: `${url.origin} is not the image service's origin, and the key is only ever sent there` };
}
