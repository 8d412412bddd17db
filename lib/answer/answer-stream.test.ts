import { describe, expect, it } from "vitest";
import { framingOfType, isPartialEvent, parseStream, sniffFraming, StreamEventParser, type StreamFraming } from "./answer-stream";
import { interpretAnswer } from "./interpret-answer";
import { PNG_BASE64 } from "@/test-support/sample-images";

const OPENAI_STREAM = [
  ": keep-alive",
  "",
  "event: image_generation.partial_image",
  `data: {"type":"image_generation.partial_image","b64_json":"${PNG_BASE64}","partial_image_index":0}`,
  "",
  "event: image_generation.completed",
  `data: {"type":"image_generation.completed","b64_json":"${PNG_BASE64.replace(/A/g, "B")}"}`,
  "",
  "data: [DONE]",
  "",
  "",
].join("\r\n");

/** The same text fed in pieces of every size from one character up gives the same events. */
function inPieces(text: string, framing: StreamFraming, size: number) {
  const parser = new StreamEventParser(framing);
  const events = [];
  for (let at = 0; at < text.length; at += size) events.push(...parser.push(text.slice(at, at + size)));
  return [...events, ...parser.end()];
}

describe("server-sent events", () => {
  it("reads named events, JSON data, comments, CRLF line ends and a non-JSON [DONE]", () => {
    const events = parseStream(OPENAI_STREAM, "sse");
    expect(events.map((event) => event.name ?? null)).toEqual(["image_generation.partial_image", "image_generation.completed", null]);
    expect(events[0]?.value).toMatchObject({ partial_image_index: 0 });
    expect(events[2]).toEqual({ data: "[DONE]" });
    expect(events.map(isPartialEvent)).toEqual([true, false, false]);
  });

  it("joins multi-line data, keeps the last id (as EventSource does), and sends a last event that lacks its blank line", () => {
    expect(parseStream('id: 7\ndata: {"a":\ndata: 1}\n\ndata: tail', "sse")).toEqual([
      { id: "7", data: '{"a":\n1}', value: { a: 1 } },
      { id: "7", data: "tail" },
    ]);
  });

  it.each([1, 2, 7, 64, 1000])("gives the same events when the text arrives %i characters at a time", (size) => {
    expect(inPieces(OPENAI_STREAM, "sse", size)).toEqual(parseStream(OPENAI_STREAM, "sse"));
  });
});

describe("newline-delimited JSON and JSON text sequences", () => {
  it("reads one value per line, skipping blank lines", () => {
    expect(parseStream('{"a":1}\n\n{"b":2}\r\n{"c":3}', "ndjson").map((event) => event.value)).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it("reads RFC 7464 records", () => {
    const text = '\u001e{"a":1}\n\u001e{"b":2}\n';
    expect(parseStream(text, "json-seq").map((event) => event.value)).toEqual([{ a: 1 }, { b: 2 }]);
    expect(inPieces(text, "json-seq", 3)).toEqual(parseStream(text, "json-seq"));
  });
});

describe("telling a stream apart", () => {
  it.each([
    ["text/event-stream; charset=utf-8", "sse"],
    ["application/x-ndjson", "ndjson"],
    ["application/jsonl", "ndjson"],
    ["application/json-seq", "json-seq"],
    ["application/json", null],
  ])("by its type: %s → %s", (type, framing) => {
    expect(framingOfType(type)).toBe(framing);
  });

  it.each([
    ["data: {}\n\n", "sse"],
    [": ping\nevent: x\ndata: 1\n\n", "sse"],
    ['{"a":1}\n{"b":2}\n', "ndjson"],
    ['\u001e{"a":1}\n', "json-seq"],
    ['{\n  "a": 1\n}', null],
    ['{"a":1}', null],
    ["data is what we sell", null],
  ])("by its first bytes: %j → %s", (text, framing) => {
    expect(sniffFraming(text)).toBe(framing);
  });
});

describe("a stream's images", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it("shows the final picture, not the partial ones, labelled by event", () => {
    const answer = interpretAnswer(bytes(OPENAI_STREAM), "text/event-stream");
    expect(answer.images.map((image) => [image.paths, image.partial ?? false])).toEqual([[["$[1].b64_json"], false]]);
  });

  it("shows the last partial picture, marked partial, when the stream ended without a final one", () => {
    const cut = OPENAI_STREAM.slice(0, OPENAI_STREAM.indexOf("event: image_generation.completed"));
    const answer = interpretAnswer(bytes(cut), "text/event-stream");
    expect(answer.images.map((image) => [image.paths, image.partial])).toEqual([[["$[0].b64_json"], true]]);
  });

  it("reads NDJSON sent as application/json as a stream", () => {
    const text = `{"status":"running"}\n{"status":"done","image":"${PNG_BASE64}"}\n`;
    const answer = interpretAnswer(bytes(text), "application/json");
    expect(answer.body.kind).toBe("stream");
    expect(answer.images.map((image) => image.paths)).toEqual([["$[1].image"]]);
  });

  it("says what a stream's error event says", async () => {
    const { serviceWords } = await import("./service-words");
    const answer = interpretAnswer(bytes('event: error\ndata: {"error":{"message":"Your prompt was flagged."}}\n\n'), "text/event-stream");
    expect(serviceWords(answer.body)).toBe("Your prompt was flagged.");
  });
});
