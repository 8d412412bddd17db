import { describe, expect, it } from "vitest";
import { multipartBoundary, readMultipart, type MultipartEvent } from "./multipart-stream";

/** The streaming multipart reader against what a real encoder (the platform's FormData) writes. */

async function encoded(form: FormData): Promise<{ bytes: Uint8Array; boundary: string }> {
  const response = new Response(form);
  const boundary = multipartBoundary(response.headers.get("content-type") ?? "");
  if (!boundary) throw new Error("no boundary");
  return { bytes: new Uint8Array(await response.arrayBuffer()), boundary };
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

async function parts(stream: ReadableStream<Uint8Array>, boundary: string) {
  const found: { name: string; filename: string | null; bytes: Buffer }[] = [];
  let current: Buffer[] = [];
  for await (const event of readMultipart(stream, boundary) as AsyncGenerator<MultipartEvent>) {
    if (event.kind === "part") {
      found.push({ name: event.head.name, filename: event.head.filename, bytes: Buffer.alloc(0) });
      current = [];
    } else if (event.kind === "data") current.push(Buffer.from(event.bytes));
    else {
      const last = found.at(-1);
      if (last) last.bytes = Buffer.concat(current);
    }
  }
  return found;
}

describe("readMultipart", () => {
  const binary = new Uint8Array(Array.from({ length: 3000 }, (_, index) => (index * 7) % 256));
  const form = new FormData();
  form.set("kind", "run");
  form.set("record", '{"id":"x","text":"a\\r\\n--not a boundary"}');
  form.append("file", new Blob([binary]), "image-1.png");
  form.append("file", new Blob(["é ü"]), "answer.json");

  it("reads every part, whole, whatever the chunk boundaries", async () => {
    const { bytes, boundary } = await encoded(form);
    for (const size of [1, 2, 7, 64, 1000, bytes.length]) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const read = await parts(streamOf(chunks), boundary);
      expect(read.map((part) => [part.name, part.filename])).toEqual([
        ["kind", null],
        ["record", null],
        ["file", "image-1.png"],
        ["file", "answer.json"],
      ]);
      expect(read[1]?.bytes.toString()).toBe('{"id":"x","text":"a\\r\\n--not a boundary"}');
      expect(new Uint8Array(read[2]?.bytes ?? [])).toEqual(binary);
      expect(read[3]?.bytes.toString("utf8")).toBe("é ü");
    }
  });

  it("refuses a body cut before its closing boundary", async () => {
    const { bytes, boundary } = await encoded(form);
    await expect(parts(streamOf([bytes.subarray(0, bytes.length - 10)]), boundary)).rejects.toThrow(/ended before its closing boundary/);
  });

  it("takes the boundary from the content type, quoted or not, and nothing else", () => {
    expect(multipartBoundary("multipart/form-data; boundary=abc")).toBe("abc");
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("application/json; boundary=abc")).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
    expect(multipartBoundary("multipart/form-data")).toBeNull();
  });
});
