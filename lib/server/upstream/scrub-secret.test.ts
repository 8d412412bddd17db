import { describe, expect, it } from "vitest";
import { SCRUBBED, scrubSecretChunks, scrubSecretText } from "./scrub-secret";

function scrub(chunks: string[], secret: string): string {
  return Buffer.concat(
    scrubSecretChunks(
      chunks.map((chunk) => new TextEncoder().encode(chunk)),
      secret,
    ),
  ).toString("utf8");
}

describe("scrubSecretChunks", () => {
  const secret = "sk-live-0123456789abcdef";

  it("passes bodies without the secret through unchanged, without copying large chunks", () => {
    const chunks = [new TextEncoder().encode(`{"data":"${"a".repeat(5000)}`), new TextEncoder().encode(`${"b".repeat(5000)}"}`)];
    expect(Buffer.concat(scrubSecretChunks(chunks, secret)).toString()).toBe(`{"data":"${"a".repeat(5000)}${"b".repeat(5000)}"}`);
    expect(scrubSecretChunks(chunks, secret)[0]?.buffer).toBe(chunks[0]?.buffer);
  });

  it("replaces the secret within one chunk, several times", () => {
    expect(scrub([`a ${secret} b ${secret}`], secret)).toBe(`a ${SCRUBBED} b ${SCRUBBED}`);
  });

  it("replaces the secret split across chunks at every position", () => {
    const body = `{"error":"bad key ${secret} given"}`;
    for (let cut = 1; cut < body.length; cut++) {
      expect(scrub([body.slice(0, cut), body.slice(cut)], secret)).toBe(`{"error":"bad key ${SCRUBBED} given"}`);
    }
  });

  it("replaces the secret spread one byte per chunk", () => {
    expect(scrub([...`x${secret}y`], secret)).toBe(`x${SCRUBBED}y`);
  });

  it("keeps a partial match at the end that never completes", () => {
    expect(scrub(["tail sk-live-01"], secret)).toBe("tail sk-live-01");
  });

  it("scrubs header text too", () => {
    expect(scrubSecretText(`Bearer ${secret}`, secret)).toBe(`Bearer ${SCRUBBED}`);
  });
});
