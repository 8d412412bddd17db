import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Through the provider's own pages: its login form (any password), then its consent. A browser the
 * provider already knows skips them; done when the browser is back at the playground.
 */
export async function providerSignIn(page: Page, publicUrl: string, login: string, next = "/"): Promise<void> {
  await page.goto(`${publicUrl}${next}`);
  await page.getByRole("button", { name: "Sign in with Example SSO" }).click();
  await throughProvider(page, publicUrl, login);
}

export async function throughProvider(page: Page, publicUrl: string, login: string): Promise<void> {
  const loginField = page.locator('input[name="login"]');
  const consent = page.getByRole("button", { name: "Continue" });
  let loggedIn = false;
  await expect
    .poll(
      async () => {
        if (new URL(page.url()).origin === publicUrl) return "back";
        if (!loggedIn && (await loginField.isVisible())) {
          await loginField.fill(login);
          await page.locator('input[name="password"]').fill("any password");
          await page.getByRole("button", { name: "Sign-in" }).click();
          loggedIn = true;
        } else if (await consent.isVisible()) {
          await consent.click();
        }
        return "at the provider";
      },
      { timeout: 20_000 },
    )
    .toBe("back");
}
