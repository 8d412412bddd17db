import "server-only";
import { startDemoService, type RunningDemoService } from "./demo-service";

/**
 * The demo service the playground calls when no real one is configured. It listens on loopback
 * and is started on first use; the promise lives on globalThis so dev-mode reloads reuse it.
 */

/** Not a secret: the demo service only checks that a key is sent the way a real service wants it. */
export const DEMO_API_KEY = "demo-playground-key";

const globalSlot = globalThis as typeof globalThis & { __embeddedDemoService?: Promise<RunningDemoService> };

export function getEmbeddedDemoService(port: number): Promise<RunningDemoService> {
  globalSlot.__embeddedDemoService ??= startDemoService({ port, apiKey: DEMO_API_KEY }).catch((error: unknown) => {
    globalSlot.__embeddedDemoService = undefined;
    throw error;
  });
  return globalSlot.__embeddedDemoService;
}
