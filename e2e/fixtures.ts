import { test as base, expect } from "@playwright/test";
import { E2E } from "./servers";

/**
 * Every spec uses this `test`: it records every answer any page of the test received and fails
 * the test if a secret (the service key, the access password) appears in one of them.
 */
export const test = base.extend<{ secretGuard: void }>({
  secretGuard: [
    async ({ context }, use) => {
      const bodies: Promise<string>[] = [];
      context.on("response", (response) => {
        bodies.push(
          response
            .body()
            .then((body) => body.toString("latin1") + JSON.stringify(response.headers()))
            .catch(() => ""),
        );
      });
      await use();
      const everything = (await Promise.all(bodies)).join("\n");
      for (const secret of E2E.secrets) expect(everything, "a secret reached the browser").not.toContain(secret);
    },
    { auto: true },
  ],
});

export { expect };
