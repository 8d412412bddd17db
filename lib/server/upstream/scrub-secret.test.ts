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

describe("the key in other forms", () => {
  const secret = "sk-live-0123456789abcdef/xyz";
  const escapedAll = [...secret].map((character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

  it.each([
    ["first character escaped", `\\u0073${secret.slice(1)}`],
    ["every character escaped", escapedAll],
    ["upper-case hex", `s\\u006B${secret.slice(2)}`],
    ["slash escaped", secret.replace("/", "\\/")],
  ])("JSON-escaped (%s)", (_, form) => {
    const body = `{"echo":"${form}","next":1}`;
    expect(JSON.parse(body).echo).toBe(secret);
    expect(scrub([body], secret)).toBe(`{"echo":"${SCRUBBED}","next":1}`);
    // Split at every position, the escaped key is still caught.
    for (let cut = 1; cut < body.length; cut++) {
      expect(scrub([body.slice(0, cut), body.slice(cut)], secret)).not.toContain(form);
    }
  });

  it("base64-encoded, standard and URL-safe, at every alignment inside longer base64", () => {
    for (const prefix of ["", "a", "ab", "abc"]) {
      const encoded = Buffer.from(`${prefix}${secret}!`).toString("base64");
      for (const form of [encoded, encoded.replaceAll("+", "-").replaceAll("/", "_")]) {
        const scrubbed = scrub([`{"b64":"${form}"}`], secret);
        expect(scrubbed).toContain(SCRUBBED);
        expect(Buffer.from(scrubbed.split('"')[3] ?? "", "base64").toString("latin1")).not.toContain(secret.slice(2, -2));
      }
    }
    const encoded = Buffer.from(`Bearer ${secret}`).toString("base64");
    for (let cut = 1; cut < encoded.length; cut++) {
      expect(scrub([encoded.slice(0, cut), encoded.slice(cut)], secret)).toContain(SCRUBBED);
    }
  });

  it("leaves backslashes, escapes and base64 that are not the key as they are", () => {
    const body = `{"text":"line\\nnext \\u0073k-other","b64":"${Buffer.from("not the key at all, really").toString("base64")}"}`;
    expect(scrub([body], secret)).toBe(body);
  });
});
