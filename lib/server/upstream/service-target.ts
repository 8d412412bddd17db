import "server-only";
import { DEMO_MODELS, type ServerConfig } from "@/lib/server/config/config";
import { DEMO_API_KEY, getEmbeddedDemoService } from "@/lib/server/demo-service/embedded-demo";
import type { PublicServiceInfo } from "@/lib/request/service-info";
import { candidateUrls, type ServiceTarget } from "./image-service-client";
import { endpointUrl } from "./service-url";

/**
 * Decides which service a request goes to. The browser never names it: with no service configured
 * everything goes to the embedded demo; with a service configured and the demo explicitly enabled,
 * only the demo models go to the demo.
 */

export function usesDemoService(config: ServerConfig, model: string): boolean {
  if (!config.demo.enabled) return false;
  return config.service === null || DEMO_MODELS.some((demoModel) => demoModel === model);
}

export async function resolveServiceTarget(config: ServerConfig, model: string): Promise<ServiceTarget> {
  if (config.service && !usesDemoService(config, model)) return { kind: "service", ...config.service };
  const demo = await getEmbeddedDemoService(config.demo.port);
  return { kind: "demo", root: demo.baseUrl, givenForm: "host", formSetting: "host", apiKey: DEMO_API_KEY };
}

/** The key's last four characters, and only for keys long enough that four reveal nothing useful. */
export function keyHint(apiKey: string): string {
  return apiKey.length >= 12 ? apiKey.slice(-4) : "";
}

/** Both base forms of each service this server calls: what a stored URL is checked against. */
export async function knownEndpoints(config: ServerConfig): Promise<string[]> {
  const roots: string[] = [];
  if (config.service) roots.push(config.service.root);
  if (config.demo.enabled) {
    const demo = await getEmbeddedDemoService(config.demo.port).catch(() => null);
    if (demo) roots.push(demo.baseUrl);
  }
  return roots.flatMap((root) => [endpointUrl(root, "host"), endpointUrl(root, "api")]);
}

export async function describeService(config: ServerConfig): Promise<PublicServiceInfo> {
  const known = await knownEndpoints(config);
  if (config.service) {
    const target: ServiceTarget = { kind: "service", ...config.service };
    return {
      mode: "service",
      endpoints: candidateUrls(target),
      formSetting: config.service.formSetting,
      keyHint: keyHint(config.service.apiKey),
      demoAlongside: config.demo.enabled,
      demoModels: config.demo.enabled ? [...DEMO_MODELS] : [],
      knownEndpoints: known,
    };
  }
  const target = await resolveServiceTarget(config, DEMO_MODELS[0]);
  return {
    mode: "demo",
    endpoints: candidateUrls(target),
    formSetting: "host",
    keyHint: keyHint(DEMO_API_KEY),
    demoAlongside: false,
    demoModels: [...DEMO_MODELS],
    knownEndpoints: known,
  };
}
