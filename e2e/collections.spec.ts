import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { fillForm, keepScreenshot, waitForPlayground } from "./helpers";
import { startInstance, type Instance } from "./instances";
import { providerSignIn } from "./provider-sign-in";
import { E2E } from "./servers";
import { TEAM_REFRESH_MS } from "../lib/library/team-refresh";
import { startIdentityProvider, type IdentityProvider } from "../test-support/oidc/identity-provider";
import { seededDataFolder } from "./embedded-template";

/**
 * Collections as two people of one company see them: what one keeps private the other cannot see
 * (unless sent its link), a team collection the other can look at but not add to as a viewer, and
 * adds to once made an editor. People sign in with a real OpenID Connect provider; the library is on.
 */

const PUBLIC_URL = `http://127.0.0.1:${E2E.collectionsPort}`;

let provider: IdentityProvider;
let instance: Instance;

// One long story of two people, signing in through the provider's pages: on a loaded machine it
// takes a while. An action that cannot happen fails on its own, saying which.
test.describe.configure({ mode: "serial", timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await startIdentityProvider({
    redirectUris: [`${PUBLIC_URL}/api/auth/callback/oidc`],
    people: {
      ada: { email: "ada@example.com", name: "Ada Lovelace", groups: ["design"] },
      bob: { email: "bob@example.com", name: "Bob Marley", groups: ["design"] },
    },
  });
  instance = await startInstance("collections", E2E.collectionsPort, {
    PLAYGROUND_DATA_DIR: seededDataFolder(mkdtempSync(join(tmpdir(), "playground-collections-e2e-"))),
    PLAYGROUND_LIBRARY: "on",
    PLAYGROUND_RATE_LIMIT_PER_MINUTE: "1000",
    PLAYGROUND_OIDC_ISSUER: provider.issuer,
    PLAYGROUND_OIDC_CLIENT_ID: provider.clientId,
    PLAYGROUND_OIDC_CLIENT_SECRET: provider.clientSecret,
    PLAYGROUND_PUBLIC_URL: PUBLIC_URL,
    PLAYGROUND_OIDC_NAME: "Example SSO",
  });
});

test.afterAll(async () => {
  await instance?.stop();
  await provider?.close();
});

async function signedIn(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: PUBLIC_URL })).newPage();
  await providerSignIn(page, PUBLIC_URL, login);
  await waitForPlayground(page);
  await expect(page.getByTestId("library-status")).toHaveAttribute("data-state", "synced", { timeout: 30_000 });
  return page;
}

async function generate(page: Page, prompt: string): Promise<void> {
  await fillForm(page, { model: "demo-geometric", prompt, ratio: "1:1" });
  await page.getByRole("button", { name: "Generate" }).click();
  // The demo service's answer comes first (seconds, while other specs run beside this one), then the record.
  await expect(page.getByTestId("history-item").first().getByTestId("history-prompt")).toHaveText(prompt, { timeout: 15_000 });
}

/** Puts one run on a new collection through the dialog `open` shows; answers the collection's address. */
async function addToNewCollection(page: Page, open: () => Promise<void>, name: string, team: boolean): Promise<string> {
  await open();
  const dialog = page.getByRole("dialog", { name: "Add to a collection" });
  await dialog.getByRole("radio", { name: "A new collection" }).check();
  await dialog.getByLabel("Name").fill(name);
  if (team) await dialog.getByRole("checkbox", { name: /Visible to the team/ }).check();
  await dialog.getByRole("button", { name: "Add 1 run" }).click();
  await expect(dialog.getByRole("status")).toHaveText(`Added 1 run to ${name}.`);
  const address = await dialog.getByRole("link", { name: `Open ${name}` }).getAttribute("href");
  await dialog.getByRole("button", { name: "Done" }).click();
  return address ?? "";
}

/** From the history panel: the run selected, then Add to collection… */
const fromHistory = (page: Page, prompt: string) => async () => {
  await page.getByRole("checkbox", { name: `Select run: ${prompt}` }).check();
  await page.getByRole("button", { name: "Add to collection…" }).click();
};

test("a private collection is its owner's alone; a team collection is seen by all, added to only by editors", async ({
  browser,
}, testInfo) => {
  const ada = await signedIn(browser, "ada");
  await generate(ada, "a red kite over the moor");
  await generate(ada, "a heron in the reeds, private");
  const team = await addToNewCollection(ada, fromHistory(ada, "a red kite over the moor"), "Spring campaign", true);
  await ada.getByRole("checkbox", { name: "Select run: a red kite over the moor" }).uncheck();
  // From review mode: the image under review (the newest run, first).
  const review = ada.getByRole("dialog", { name: /^Review:/ });
  const fromReview = async () => {
    await ada.getByRole("button", { name: "Review", exact: true }).click();
    await expect(review.getByTestId("review-image")).toHaveAttribute("alt", "a heron in the reeds, private");
    await review.getByRole("button", { name: "Add to collection…" }).click();
  };
  const secret = await addToNewCollection(ada, fromReview, "Ada's drafts 1", false);
  // The name's "1" went to the field, not to the review as a rating.
  await expect(review.getByTestId("review-strip-rating").first()).toHaveText("");
  await review.getByRole("button", { name: "Done" }).click();

  // The owner's page: the run in the grid, its picture from the library, and the sharing settings.
  await ada.goto(team);
  await expect(ada.getByRole("heading", { name: "Spring campaign", level: 1 })).toBeVisible();
  const adaItems = ada.getByTestId("collection-item");
  await expect(adaItems).toHaveCount(1, { timeout: 10_000 });
  await expect(adaItems.first().getByTestId("collection-prompt")).toHaveText("a red kite over the moor");
  await expect(adaItems.first().locator("img")).toHaveJSProperty("complete", true);
  expect(
    await adaItems
      .first()
      .locator("img")
      .evaluate((image: HTMLImageElement) => image.naturalWidth),
  ).toBeGreaterThan(0);
  await expect(ada.getByRole("heading", { name: "Sharing" })).toBeVisible();

  // Bob signs in: the team's collection is listed, Ada's private one is not (and its address says there is none).
  const bob = await signedIn(browser, "bob");
  await bob.goto("/c");
  await expect(bob.getByRole("list", { name: "Collections" })).toContainText("Spring campaign");
  await expect(bob.getByRole("list", { name: "Collections" })).not.toContainText("Ada's drafts");
  const hidden = await bob.goto(secret);
  expect(hidden?.status()).toBe(404);
  const secretId = secret.split("/").pop() ?? "";
  expect((await bob.request.get(`/api/collections/${secretId}/runs`)).status()).toBe(404);

  // A link for people outside: Bob opens Ada's private collection through it, read-only, until she stops it.
  await ada.goto(secret);
  await ada.getByLabel("Lifetime").selectOption("1");
  await ada.getByRole("button", { name: "Make a link" }).click();
  const linked = await ada.getByLabel("Link to this collection").inputValue();
  await expect(ada.getByTestId("collection-link-state")).toContainText("A link is active until");
  const throughLink = await bob.goto(linked);
  expect(throughLink?.status()).toBe(200);
  await expect(bob.getByTestId("collection-facts")).toContainText("opened by a link");
  await expect(bob.getByTestId("collection-item")).toHaveCount(1, { timeout: 10_000 });
  await expect(bob.getByTestId("collection-item").first().locator("img")).toHaveJSProperty("complete", true);
  await expect(bob.getByRole("heading", { name: "Sharing" })).toHaveCount(0);
  await ada.getByRole("button", { name: "Stop the link" }).click();
  await expect(ada.getByTestId("collection-link-state")).toContainText("No link");
  expect((await bob.goto(linked))?.status()).toBe(404);
  await ada.goto(team);

  // A viewer looks, opens a run large, and cannot add or take off.
  await bob.goto(team);
  await expect(bob.getByTestId("collection-facts")).toContainText("Ada Lovelace's · you are a viewer");
  await expect(bob.getByTestId("collection-item")).toHaveCount(1, { timeout: 10_000 });
  await expect(bob.getByRole("button", { name: "Take selected off" })).toHaveCount(0);
  await bob.getByRole("button", { name: /^Open: a red kite/ }).click();
  await expect(bob.getByTestId("collection-viewer-image")).toHaveJSProperty("complete", true);
  await bob.keyboard.press("Escape");
  await keepScreenshot(bob, testInfo, "team-collection-as-viewer");

  await bob.goto("/");
  await waitForPlayground(bob);
  await generate(bob, "bob's lighthouse for the campaign");
  const teamId = team.split("/").pop() ?? "";
  const refused = await bob.request.post(`/api/collections/${teamId}/runs`, {
    data: { runIds: ["any"] },
    headers: { origin: PUBLIC_URL },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).detail).toContain("ask Ada Lovelace to make you an editor");
  // The dialog offers only collections Bob may add to: none yet.
  await bob.getByRole("checkbox", { name: "Select run: bob's lighthouse for the campaign" }).check();
  await bob.getByRole("button", { name: "Add to collection…" }).click();
  const dialog = bob.getByRole("dialog", { name: "Add to a collection" });
  await expect(dialog.getByRole("radio", { name: "A new collection" })).toBeChecked();
  await expect(dialog.getByRole("radio")).toHaveCount(1);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Ada makes Bob an editor (by the email he signs in with): he adds his run, and both see it.
  await ada.getByLabel("Give a role to (email)").fill("bob@example.com");
  await ada.getByRole("button", { name: "Give the role" }).click();
  await expect(ada.getByRole("list", { name: "People with a role" })).toContainText("Bob Marley");
  await bob.getByRole("button", { name: "Add to collection…" }).click();
  await expect(dialog.getByRole("radio", { name: /Spring campaign/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Add 1 run" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Added 1 run to Spring campaign.");
  await dialog.getByRole("button", { name: "Done" }).click();

  await ada.reload();
  await expect(adaItems).toHaveCount(2, { timeout: 10_000 });
  await expect(adaItems.first().getByTestId("collection-prompt")).toHaveText("bob's lighthouse for the campaign");
  await expect(adaItems.first()).toContainText("Bob Marley");
  await keepScreenshot(ada, testInfo, "team-collection-as-owner");

  // Review mode on the collection: Bob's run shows who rates it; Ada rates her own, into her library.
  await ada.getByRole("button", { name: "Review", exact: true }).click();
  const collectionReview = ada.getByRole("dialog", { name: "Review: Spring campaign" });
  await expect(collectionReview.getByTestId("review-judged-elsewhere")).toHaveText("Bob Marley's run: rated in their own history");
  await ada.keyboard.press("3");
  await expect(collectionReview.getByTestId("review-strip-rating").first()).toHaveText("");
  await ada.keyboard.press("ArrowRight");
  await expect(collectionReview.getByTestId("review-image")).toHaveAttribute("alt", "a red kite over the moor");
  await ada.keyboard.press("4");
  await expect(collectionReview.getByTestId("review-strip-rating").nth(1)).toHaveText("★★★★");
  await collectionReview.getByRole("button", { name: "Done" }).click();
  await expect
    .poll(async () => {
      const found = (await (await ada.request.get("/api/library/search?q=red%20kite")).json()) as {
        entries: { record: { rating?: number } }[];
      };
      return found.entries[0]?.record.rating;
    })
    .toBe(4);

  // Bob's Team view finds Ada's run on the collection (a typo forgiven), and narrows to one author.
  await bob.getByRole("radio", { name: "Team" }).click();
  await bob.getByLabel("Search prompts").fill("red kte");
  const found = bob.getByTestId("library-result");
  await expect(found).toHaveCount(1, { timeout: 10_000 });
  await expect(found.first()).toContainText("a red kite over the moor");
  await expect(found.first()).toContainText("by Ada Lovelace");
  await bob.getByLabel("Search prompts").fill("");
  await bob.getByLabel("Made by").fill("bob@");
  await expect(found).toHaveCount(1);
  await expect(found.first()).toContainText("bob's lighthouse for the campaign");
  await keepScreenshot(bob, testInfo, "team-view");
  await bob.getByLabel("Made by").fill("");
  await expect(found).toHaveCount(2);

  // Ada deletes her run: it leaves the collection (for Bob too).
  await ada.goto("/");
  await waitForPlayground(ada);
  await ada.getByTestId("history-item").filter({ hasText: "a red kite over the moor" }).getByRole("button", { name: "Delete run" }).click();
  await ada.getByRole("dialog", { name: "Delete this run everywhere?" }).getByRole("button", { name: "Delete everywhere" }).click();
  await expect
    .poll(
      async () => ((await (await bob.request.get(`/api/collections/${teamId}/runs`)).json()) as { entries: unknown[] }).entries.length,
      {
        timeout: 10_000,
      },
    )
    .toBe(1);
  // Bob's Team view, left open, follows the collection without him asking again.
  await expect(found).toHaveCount(1, { timeout: TEAM_REFRESH_MS + 5_000 });
  await expect(found.first()).toContainText("bob's lighthouse for the campaign");
});

test("an arena on a collection ranks models from the pictures it holds, blind, and goes on after a reload", async ({
  browser,
}, testInfo) => {
  const ada = await signedIn(browser, "ada");
  const prompt = "a lantern at dusk";
  for (const [made, model] of ["demo-geometric", "demo-watercolor", "demo-pixel"].entries()) {
    await fillForm(ada, { model, prompt, ratio: "4:3" });
    await ada.getByRole("button", { name: "Generate" }).click();
    await expect(ada.getByTestId("history-item").filter({ hasText: prompt })).toHaveCount(made + 1);
  }
  for (const item of await ada.getByRole("checkbox", { name: `Select run: ${prompt}` }).all()) await item.check();
  await ada.getByRole("button", { name: "Add to collection…" }).click();
  const dialog = ada.getByRole("dialog", { name: "Add to a collection" });
  await dialog.getByRole("radio", { name: "A new collection" }).check();
  await dialog.getByLabel("Name").fill("Lantern shoot-out");
  await dialog.getByRole("button", { name: "Add 3 runs" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Added 3 runs to Lantern shoot-out.");
  const address = (await dialog.getByRole("link", { name: "Open Lantern shoot-out" }).getAttribute("href")) ?? "";
  await ada.goto(address);
  await expect(ada.getByTestId("collection-item")).toHaveCount(3, { timeout: 10_000 });

  await ada.getByRole("button", { name: "Arena", exact: true }).click();
  const arena = ada.getByRole("dialog", { name: "Arena on the collection" });
  // Three models on one prompt: three pairs, the models hidden until the vote.
  await expect(arena.getByTestId("arena-stage")).toContainText("Pair 1 of 3");
  await expect(arena.getByTestId("arena-left-name")).toHaveText("Left");
  await expect(arena.getByRole("img", { name: "Left image" })).toHaveJSProperty("complete", true);
  expect(await arena.getByRole("img", { name: "Right image" }).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
    0,
  );
  await ada.keyboard.press("ArrowLeft");
  await expect(arena.getByTestId("arena-reveal")).toContainText("wins this pair");
  const winner = ((await arena.getByTestId("arena-left-name").textContent()) ?? "").match(/demo-\w+/)?.[0] ?? "";
  expect(winner).not.toBe("");
  await expect(arena.getByTestId("arena-left-name")).toContainText("Ada Lovelace");
  await keepScreenshot(ada, testInfo, "collection-arena-revealed");
  await ada.keyboard.press("Enter");
  await expect(arena.getByTestId("arena-stage")).toContainText("Pair 2 of 3");
  await expect(arena.getByTestId("arena-left-name")).toHaveText("Left");
  await ada.keyboard.press("ArrowDown");
  await expect(arena.getByTestId("arena-reveal")).toContainText("A tie");
  const standings = arena.getByRole("table", { name: "Standings" });
  // The winner's wins: the first number of its row.
  const winnersWins = standings
    .getByRole("row", { name: new RegExp(`^${winner}`) })
    .getByRole("cell")
    .first();
  await expect(winnersWins).toHaveText("1");

  // After a reload the arena goes on at its third pair, the two votes counted.
  await ada.reload();
  await ada.getByRole("button", { name: "Arena", exact: true }).click();
  await expect(arena.getByTestId("arena-stage")).toContainText("Pair 3 of 3");
  await expect(winnersWins).toHaveText("1");
  await ada.keyboard.press("ArrowRight");
  await arena.getByRole("button", { name: "See the standings" }).click();
  await expect(arena.getByRole("status").filter({ hasText: "All 3 pairs are judged" })).toBeVisible();
  const games = await standings
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].slice(0, 3).reduce((sum, cell) => sum + Number(cell.textContent), 0)),
    );
  expect(games.reduce((sum, count) => sum + count, 0)).toBe(6);
  // A new arena starts over.
  await arena.getByRole("button", { name: "New arena" }).click();
  await expect(arena.getByTestId("arena-stage")).toContainText("Pair 1 of 3");
});
