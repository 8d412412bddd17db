import { describe, expect, it } from "vitest";
import { PNG_BASE64 } from "@/test-support/sample-images";
import { handleStreamRequest } from "./stream-sessions";
import type { StreamProgressMessage, WorkerResponse } from "./worker-messages";

const event = (type: string, b64: string) => `event: ${type}\ndata: ${JSON.stringify({ type, b64_json: b64 })}\n\n`;

/** A stream sent through the worker's handler in pieces of `size` bytes; what it posted back. */
function readInPieces(text: string, size: number): (StreamProgressMessage | WorkerResponse)[] {
  const posted: (StreamProgressMessage | WorkerResponse)[] = [];
  const post = (message: StreamProgressMessage | WorkerResponse) => posted.push(message);
  handleStreamRequest({ kind: "stream-open", stream: 7, framing: "sse", contentType: "text/event-stream", startedAt: Date.now() }, post);
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += size)
    handleStreamRequest({ kind: "stream-part", stream: 7, bytes: bytes.slice(at, at + size) }, post);
  handleStreamRequest({ kind: "stream-close", stream: 7, id: 3 }, post);
  return posted;
}

describe("stream sessions in the answer worker", () => {
  it("sends each new picture once, as a Blob of its bytes, and the events' times on close", async () => {
    const text = [event("partial", PNG_BASE64), ": keep-alive\n\n", event("completed", PNG_BASE64)].join("");
    const posted = readInPieces(text, 50);
    const progress = posted.filter((message): message is StreamProgressMessage => "kind" in message);
    expect(progress.map((message) => message.events)).toEqual([1, 2]);
    // Both events carry a picture (the same bytes, found anew): each is sent, decoded, once.
    const pictures = progress.map((message) => message.image);
    expect(pictures.map((image) => image?.path)).toEqual(["$[0].b64_json", "$[1].b64_json"]);
    // When each was read, on the epoch's clock (the page puts it on its own).
    for (const message of progress) expect(Math.abs((message.imageReadAt ?? 0) - Date.now())).toBeLessThan(60_000);
    const first = pictures[0]?.source;
    if (first?.kind !== "blob") throw new Error("expected a Blob");
    expect(first.mime).toBe("image/png");
    expect(Buffer.from(await first.blob.arrayBuffer()).toString("base64")).toBe(PNG_BASE64);
    const closed = posted.at(-1) as WorkerResponse;
    expect(closed).toMatchObject({ id: 3, ok: true, task: "stream" });
    expect(closed.ok && closed.task === "stream" && closed.eventTimes).toHaveLength(2);
  });

  it("leaves the picture out of progress that brings no new one", () => {
    const picture = event("completed", PNG_BASE64);
    const done = `data: {"type":"done"}\n\n`.padEnd(picture.length, " ");
    const progress = readInPieces(picture + done, picture.length).filter((message): message is StreamProgressMessage => "kind" in message);
    expect(progress.map((message) => [message.events, message.image === undefined])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it("answers a close of a stream it does not hold with a failure, not silence", () => {
    const posted: (StreamProgressMessage | WorkerResponse)[] = [];
    handleStreamRequest({ kind: "stream-close", stream: 99, id: 5 }, (message) => posted.push(message));
    expect(posted).toEqual([{ id: 5, ok: false, message: "the stream is not open here" }]);
  });
});
