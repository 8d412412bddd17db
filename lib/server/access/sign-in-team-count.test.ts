import { freshDataFolder } from "@/test-support/database-targets";
import { describe, expect, it } from "vitest";
import { parseServerConfig } from "@/lib/server/config/config";
import { PEER_ADDRESS_HEADER } from "@/lib/server/http/client-address";
import { handleSignIn } from "./session-handlers";
import { TEAM_FREE_FAILURES } from "./sign-in-throttle";

/** In a file of its own: the password's team-wide count lives for the whole process. */

const config = parseServerConfig({
  PLAYGROUND_PASSWORD: "correct horse",
  PLAYGROUND_DATA_DIR: freshDataFolder("sign-in-team-"),
});

const signIn = (password: string, peer: string) =>
  handleSignIn(
    new Request("http://localhost:3000/api/sign-in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", [PEER_ADDRESS_HEADER]: peer },
      body: new URLSearchParams({ password }).toString(),
    }),
    config,
  );

describe("the password's team-wide count", () => {
  it("slows a fresh address down once guesses from many addresses pass the free ones", async () => {
    for (let address = 0; address < TEAM_FREE_FAILURES + 2; address++) await signIn("wrong", `198.51.100.${address + 1}`);
    const started = performance.now();
    const answer = await signIn("wrong", "198.51.100.200");
    expect(answer.status).toBe(303);
    // Two failures past the free ones: this first try from a fresh address waited 0.5 s.
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });
});
