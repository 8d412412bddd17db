import type { GenerationRequest } from "./generation-request";
import { serviceBody } from "./service-body";

/**
 * The exact request the playground sent, as something to paste into a terminal or a script: the
 * URL really in use, the body byte for byte, and the key as $IMAGE_API_KEY (never its value).
 */

/**
 * The URL a copied command may name: the recorded one when it is an endpoint this playground calls,
 * else this playground's own endpoint (a record from a share or an imported zip can hold any
 * string, and a colleague's copied command carries $IMAGE_API_KEY to wherever it points).
 */
export function commandUrlFor(recorded: string, knownEndpoints: readonly string[]): { url: string | null; differs: boolean } {
  if (knownEndpoints.includes(recorded)) return { url: recorded, differs: false };
  return { url: knownEndpoints[0] ?? null, differs: true };
}

export function requestBody(request: GenerationRequest): string {
  return JSON.stringify(serviceBody(request));
}

/** POSIX shell single quotes: everything literal, a quote written as '\'' */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlSnippet(url: string, request: GenerationRequest): string {
  return [
    `curl ${shellQuote(url)} \\`,
    `  -H "Authorization: Bearer $IMAGE_API_KEY" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  --data-raw ${shellQuote(requestBody(request))}`,
  ].join("\n");
}

export function fetchSnippet(url: string, request: GenerationRequest): string {
  return [
    `const response = await fetch(${JSON.stringify(url)}, {`,
    `  method: "POST",`,
    `  headers: {`,
    "    Authorization: `Bearer ${process.env.IMAGE_API_KEY}`,",
    `    "Content-Type": "application/json",`,
    `  },`,
    `  body: ${JSON.stringify(requestBody(request))},`,
    `});`,
    `console.log(response.status, await response.text());`,
  ].join("\n");
}
