import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { commandUrlFor, curlSnippet, fetchSnippet, requestBody } from "./request-snippets";
import { readSharedFields, safeNextPath, shareLinkFor } from "./share-link";

const request = { model: "flux-pro", prompt: `it's a "fox" — $HOME \`id\``, aspect_ratio: "16:9" };

describe("request snippets", () => {
  it("quotes the body for the shell so it arrives byte for byte", () => {
    const snippet = curlSnippet("https://img.example.com/api/v1/images/generations", request);
    const dataArgument = snippet.split("--data-raw ")[1] ?? "";
    // Let a real shell undo the quoting and print the argument back.
    expect(execFileSync("sh", ["-c", `printf %s ${dataArgument}`]).toString()).toBe(requestBody(request));
    expect(snippet).toContain('-H "Authorization: Bearer $IMAGE_API_KEY"');
  });

  it("writes a fetch call with the exact body and the key from the environment", () => {
    const snippet = fetchSnippet("https://img.example.com/v1/images/generations", request);
    expect(snippet).toContain('fetch("https://img.example.com/v1/images/generations"');
    expect(snippet).toContain(`body: ${JSON.stringify(requestBody(request))}`);
    expect(snippet).toContain("process.env.IMAGE_API_KEY");
  });
});

describe("share links", () => {
  it("round-trips the three fields and nothing else", () => {
    const link = shareLinkFor("http://localhost:3000/anything?x=1", { model: "m", prompt: "a & b = c", aspect_ratio: "16:9" });
    expect(link).toBe("http://localhost:3000/?model=m&prompt=a+%26+b+%3D+c&ratio=16%3A9");
    const params = Object.fromEntries(new URL(link).searchParams);
    expect(readSharedFields({ ...params, key: "secret" })).toEqual({ model: "m", prompt: "a & b = c", aspect_ratio: "16:9" });
  });

  it("only ever returns to the playground itself after signing in", () => {
    expect(safeNextPath("/?model=m&prompt=p&ratio=1%3A1")).toBe("/?model=m&prompt=p&ratio=1%3A1");
    expect(safeNextPath("/s/AbC-d_9xYz0123456789ab")).toBe("/s/AbC-d_9xYz0123456789ab");
    expect(safeNextPath("/usage?from=2026-11-01&to=2026-11-25")).toBe("/usage?from=2026-11-01&to=2026-11-25");
    expect(safeNextPath("/tokens")).toBe("/tokens");
    for (const bad of [
      "/usage/../api/generate",
      "/tokensx",
      "/usage#x",
      "//evil.example/?x",
      "https://evil.example/",
      "/api/generate?x=1",
      "/?x=1#y",
      "/\\evil",
      "/s/a/b",
      "/s/a?x",
      "/s//evil",
      null,
    ])
      expect(safeNextPath(bad)).toBe("/");
  });

  it("ignores oversized values", () => {
    expect(readSharedFields({ prompt: "x".repeat(30_000) })).toEqual({});
  });
});

describe("commandUrlFor", () => {
  const known = ["https://images.example/v1/images/generations", "https://images.example/api/v1/images/generations"];

  it("keeps a recorded URL that is one of this playground's endpoints", () => {
    expect(commandUrlFor(known[1] ?? "", known)).toEqual({ url: known[1], differs: false });
  });

  it("never puts another recorded URL in a command: this playground's endpoint instead, or none", () => {
    expect(commandUrlFor("https://attacker.example/collect", known)).toEqual({ url: known[0], differs: true });
    expect(commandUrlFor("https://images.example.attacker.example/v1/images/generations", known)).toEqual({ url: known[0], differs: true });
    expect(commandUrlFor("", known)).toEqual({ url: known[0], differs: true });
    expect(commandUrlFor("https://attacker.example/collect", [])).toEqual({ url: null, differs: true });
  });
});
