import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The lint rule that keeps key-holding code out of the browser's side, tried on code that breaks it. */
describe("import boundary", () => {
  const eslint = new ESLint();
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
  };
  const reachingIn = 'import { getServerConfig } from "@/lib/server/config/config";\nexport const probe = getServerConfig;\n';

  it("refuses server code in components and browser code", async () => {
    expect(await lint("components/form/probe.tsx", reachingIn)).toEqual([expect.stringMatching(/Server code .* may not be imported/)]);
    expect(await lint("lib/browser/probe.ts", reachingIn)).toEqual([expect.stringMatching(/Server code/)]);
    expect(
      await lint("lib/answer/probe.ts", 'import { encodePng } from "@/lib/node/png-encoder";\nexport const probe = encodePng;\n'),
    ).toEqual([expect.stringMatching(/Node-only/)]);
  });

  it("lets routes and server code use it", async () => {
    expect(await lint("app/api/probe/route.ts", reachingIn)).toEqual([]);
  });
});
