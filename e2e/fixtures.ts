import { test as base, expect } from "@playwright/test";
import { E2E } from "./servers";

/** How long the guard waits, after a test, for the answers' bodies still arriving. */
const BODY_WAIT_MS = 15_000;

/**
 * Every spec uses this `test`: it records every answer any page of the test received and fails
 * the test if a secret (the service key, the access password) appears in one of them.
 */
export const test = base.extend<{ secretGuard: void }>({
  secretGuard: [
    async ({ context }, use) => {
      const answers: { headers: string; body: Promise<string> }[] = [];
      context.on("response", (response) => {
        const headers = JSON.stringify(response.headers());
        answers.push({
          headers,
          body: response.body().then(
            (body) => body.toString("latin1") + headers,
            () => headers,
          ),
        });
      });
      await use();
      // A body cut off by a server stopped under it (a restart test) never settles, and Playwright
      // holds none of it to read: after the test, each body has this long, then its headers stand.
      const late = new Promise<void>((resolve) => setTimeout(resolve, BODY_WAIT_MS));
      const read = answers.map(({ headers, body }) => Promise.race([body, late.then(() => headers)]));
      const everything = (await Promise.all(read)).join("\n");
      for (const secret of E2E.secrets) expect(everything, "a secret reached the browser").not.toContain(secret);
    },
    { auto: true },
  ],
});

export { expect };
