import { describe, expect, it } from "vitest";
import { SCRUBBED, scrubSecretStream, scrubSecretText } from "./scrub-secret";

async function scrubChunks(chunks: string[], secret: string): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(scrubSecretStream(secret))).text();
}

describe("scrubSecretStream", () => {
  const secret = "sk-live-0123456789abcdef";

  it("passes bodies without the secret through unchanged", async () => {
    expect(await scrubChunks(['{"data":', "[1,2,3]}"], secret)).toBe('{"data":[1,2,3]}');
  });

  it("replaces the secret within one chunk, several times", async () => {
    expect(await scrubChunks([`a ${secret} b ${secret}`], secret)).toBe(`a ${SCRUBBED} b ${SCRUBBED}`);
  });

  it("replaces the secret split across chunks at every position", async () => {
    const body = `{"error":"bad key ${secret} given"}`;
    for (let cut = 1; cut < body.length; cut++) {
      expect(await scrubChunks([body.slice(0, cut), body.slice(cut)], secret)).toBe(`{"error":"bad key ${SCRUBBED} given"}`);
    }
  });

  it("replaces the secret spread one byte per chunk", async () => {
    expect(await scrubChunks([...`x${secret}y`], secret)).toBe(`x${SCRUBBED}y`);
  });

  it("keeps a partial match at the end that never completes", async () => {
    expect(await scrubChunks(["tail sk-live-01"], secret)).toBe("tail sk-live-01");
  });

  it("scrubs header text too", () => {
    expect(scrubSecretText(`Bearer ${secret}`, secret)).toBe(`Bearer ${SCRUBBED}`);
  });
});
