import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join, relative } from "node:path";
import { expect, test } from "./fixtures";
import { E2E } from "./servers";

/**
 * DNS rebinding, tried as an attacker would: a page on rebind.attacker.example points its name at
 * 127.0.0.1 and calls the playground on a designer's laptop. The browser then sends that name in
 * Host, a matching Origin and `Sec-Fetch-Site: same-origin`. Every route and page must refuse it
 * (421) before doing anything; the same request addressed to 127.0.0.1 must work, so the refusal
 * is the host's doing. Routes and pages are read from the app folder, so a new one is covered too.
 */

type Answer = { status: number; type: string; body: string };

const ATTACKER = `rebind.attacker.example:${E2E.demoPort}`;
const ATTACKER_HEADERS = { host: ATTACKER, origin: `http://${ATTACKER}`, "sec-fetch-site": "same-origin" };

/** Node's own client: fetch() will not send a Host header other than the URL's. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sized = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
    const request = httpRequest({ host: "127.0.0.1", port: E2E.demoPort, method, path, headers: sized }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers["content-type"] ?? ""),
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

const SAMPLE_SEGMENTS: Record<string, string> = { "[id]": "AAAAAAAAAAAAAAAAAAAAAA", "[name]": "image-1.png" };

function appPaths(file: "page.tsx" | "route.ts"): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(folder, entry.name));
      else if (entry.name === file) {
        const segments = relative("app", folder).split("/").filter(Boolean);
        found.push(`/${segments.map((segment) => SAMPLE_SEGMENTS[segment] ?? segment).join("/")}`);
      }
    }
  };
  walk("app");
  return found;
}

function routeMethods(path: string): string[] {
  const file = join(
    "app",
    ...path
      .split("/")
      .filter(Boolean)
      .map((segment) => Object.entries(SAMPLE_SEGMENTS).find(([, value]) => value === segment)?.[0] ?? segment),
    "route.ts",
  );
  return [...readFileSync(file, "utf8").matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g)].map(
    (match) => match[1]!,
  );
}

const GENERATE_BODY = JSON.stringify({ model: "demo-geometric", prompt: "a lighthouse at night", aspect_ratio: "1:1" });

test("a rebinding page that calls /api/generate gets 421, while the same request to 127.0.0.1 gets its image", async () => {
  const headers = { "content-type": "application/json", ...ATTACKER_HEADERS };
  const refused = await send("POST", "/api/generate", headers, GENERATE_BODY);
  expect(refused.status).toBe(421);
  expect(refused.type).toContain("application/problem+json");
  expect(JSON.parse(refused.body)).toMatchObject({ type: "urn:image-playground:problem:unknown-host", status: 421 });
  expect(JSON.parse(refused.body).detail).toContain("PLAYGROUND_ALLOWED_HOSTS");

  const local = `127.0.0.1:${E2E.demoPort}`;
  const answered = await send(
    "POST",
    "/api/generate",
    {
      "content-type": "application/json",
      host: local,
      origin: `http://${local}`,
      "sec-fetch-site": "same-origin",
    },
    GENERATE_BODY,
  );
  expect(answered.status).toBe(200);
  expect(answered.body).toContain("b64_json");
});

test("every API route refuses a host it does not know, before any other check", async () => {
  const routes = appPaths("route.ts");
  expect(routes).toEqual(expect.arrayContaining(["/api/generate", "/api/poll", "/api/shares", "/api/health", "/api/sign-in"]));
  for (const path of routes) {
    for (const method of routeMethods(path)) {
      const answer = await send(
        method,
        path,
        { "content-type": "application/json", ...ATTACKER_HEADERS },
        method === "POST" ? "{}" : undefined,
      );
      expect(answer.status, `${method} ${path}`).toBe(421);
      expect(JSON.parse(answer.body).type, `${method} ${path}`).toBe("urn:image-playground:problem:unknown-host");
    }
  }
});

test("every page (and a missing one) refuses a host it does not know, in words a person can read", async () => {
  const pages = [...appPaths("page.tsx"), "/no-such-page", "/icon.svg"];
  expect(pages).toEqual(expect.arrayContaining(["/", "/sign-in", "/s/AAAAAAAAAAAAAAAAAAAAAA"]));
  for (const path of pages) {
    const answer = await send("GET", path, { accept: "text/html", ...ATTACKER_HEADERS });
    expect(answer.status, path).toBe(421);
    expect(answer.type, path).toContain("text/html");
    expect(answer.body, path).toContain("does not answer to that host name");
    expect(answer.body, path).toContain("&#34;rebind.attacker.example&#34;");
  }
  // Loopback names are answered: the same page by localhost and by [::1]'s name.
  expect((await send("GET", "/", { accept: "text/html", host: `localhost:${E2E.demoPort}` })).status).toBe(200);
});
