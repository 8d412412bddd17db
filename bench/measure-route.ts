import { treeRssBytes } from "./child-processes";
import { summary, type Summary } from "./stats";

/** The route against the fake service called directly: latency, a large answer, and server memory. */

/** `relayUrl`: the bare Next relay (bench/bare-relay), the framework's own floor for a relay route. */
export type Endpoints = { routeUrl: string; directUrl: string; key: string; relayUrl?: string };

async function timeOnce(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/** Alternates route, bare relay and direct calls so that drift in the machine's speed hits all alike. */
export async function sideBySide(
  endpoints: Endpoints,
  model: string,
  runs: number,
  warmup: number,
  aspectRatio = "1:1",
): Promise<{ route: number[]; direct: number[]; relay: number[] }> {
  const body = JSON.stringify({ model, prompt: "a red fox in snow", aspect_ratio: aspectRatio });
  const route: number[] = [];
  const direct: number[] = [];
  const relay: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const viaRoute = await timeOnce(endpoints.routeUrl, body, {});
    const viaRelay = endpoints.relayUrl ? await timeOnce(endpoints.relayUrl, body, {}) : Number.NaN;
    const viaDirect = await timeOnce(endpoints.directUrl, body, { authorization: `Bearer ${endpoints.key}` });
    if (i >= warmup) {
      route.push(viaRoute);
      direct.push(viaDirect);
      if (endpoints.relayUrl) relay.push(viaRelay);
    }
  }
  return { route, direct, relay };
}

/**
 * Peak growth of the server's resident memory while `count` requests each receive a large answer
 * at once. Meant for a fresh server warmed up with small answers only, so that memory an earlier
 * large answer left to the allocator does not hide the growth.
 */
export async function rssGrowthMb(
  endpoints: Endpoints,
  serverPid: number,
  model: string,
  count: number,
  warmupModel: string,
): Promise<number> {
  const body = JSON.stringify({ model, prompt: "memory", aspect_ratio: "1:1" });
  const warmup = JSON.stringify({ model: warmupModel, prompt: "memory", aspect_ratio: "1:1" });
  for (let i = 0; i < 20; i++) await timeOnce(endpoints.routeUrl, warmup, {});
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const baseline = treeRssBytes(serverPid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssBytes(serverPid))), 5);
  await Promise.all(Array.from({ length: count }, () => timeOnce(endpoints.routeUrl, body, {})));
  clearInterval(sampler);
  peak = Math.max(peak, treeRssBytes(serverPid));
  return (peak - baseline) / 1024 / 1024;
}

export function medianDifference(route: number[], direct: number[]): Summary {
  return summary(route.map((value, index) => value - (direct[index] ?? 0)));
}
