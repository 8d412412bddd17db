import { describe, expect, it } from "vitest";
import { readAnswer, type AnswerMirror } from "./read-answer-events";

/** A mirror that notes what it was given. */
function recordingMirror() {
  const seen = { chunks: [] as number[][], ended: null as Uint8Array | null, dropped: false };
  const mirror: AnswerMirror = {
    push: (chunk) => seen.chunks.push([...chunk]),
    end: (bytes) => (seen.ended = bytes),
    drop: () => (seen.dropped = true),
  };
  return { seen, open: () => mirror };
}

const streamOf = (chunks: number[][], breakAfter = false) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(Uint8Array.from(chunk));
      if (breakAfter) controller.error(new Error("connection reset"));
      else controller.close();
    },
  });

describe("reading an answer with a mirror", () => {
  it("hands the mirror every chunk in order, then the very bytes it returns", async () => {
    const { seen, open } = recordingMirror();
    const read = await readAnswer(streamOf([[1, 2], [3], [4, 5, 6]]), { contentType: "application/json", startedAt: 0, openMirror: open });
    expect(read.ok).toBe(true);
    expect(seen.chunks).toEqual([[1, 2], [3], [4, 5, 6]]);
    expect(read.ok && seen.ended === read.bytes).toBe(true);
    expect(seen.dropped).toBe(false);
  });

  it("tells the mirror when the answer breaks off, and never ends it", async () => {
    const { seen, open } = recordingMirror();
    const read = await readAnswer(streamOf([[1, 2]], true), { contentType: "application/json", startedAt: 0, openMirror: open });
    expect(read.ok).toBe(false);
    expect(seen.dropped).toBe(true);
    expect(seen.ended).toBeNull();
  });
});
