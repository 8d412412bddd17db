import { describe, expect, it } from "vitest";
import { samplePng } from "@/test-support/fake-service/fake-image-service";
import { PNG_BASE64 } from "@/test-support/sample-images";
import { interpretAnswer } from "./interpret-answer";

const bytes = (text: string) => new Uint8Array(Buffer.from(text));

describe("interpretAnswer", () => {
  it("treats a body with an image signature as one image, whatever its declared type", () => {
    const answer = interpretAnswer(new Uint8Array(samplePng(8, 4)), "application/json");
    expect(answer.body).toEqual({ kind: "image", mime: "image/png", size: samplePng(8, 4).length });
    expect(answer.images.map((image) => image.paths)).toEqual([["(whole body)"]]);
  });

  it("parses JSON and finds its images", () => {
    const answer = interpretAnswer(bytes(JSON.stringify({ data: [{ b64_json: PNG_BASE64 }] })), "application/json; charset=utf-8");
    expect(answer.body.kind).toBe("json");
    expect(answer.images.map((image) => image.paths[0])).toEqual(["$.data[0].b64_json"]);
  });

  it("parses JSON sent with a wrong content type", () => {
    expect(interpretAnswer(bytes('{"ok":true}'), "text/plain").body).toEqual({ kind: "json", value: { ok: true } });
  });

  it("keeps invalid JSON labelled as JSON as text, with the parse error", () => {
    const answer = interpretAnswer(bytes('{"data": [tru'), "application/json");
    expect(answer.body.kind).toBe("text");
    expect(answer.body.kind === "text" && answer.body.jsonError).toBeTruthy();
  });

  it("shows text as text and finds an image URL that is the whole text", () => {
    expect(interpretAnswer(bytes("<html>oops</html>"), "text/html")).toEqual({
      body: { kind: "text", text: "<html>oops</html>" },
      images: [],
      uncertain: [],
    });
    const url = interpretAnswer(bytes("https://cdn.example.com/out.png\n"), "text/plain");
    expect(url.images.map((image) => image.source)).toEqual([{ kind: "url", url: "https://cdn.example.com/out.png" }]);
  });

  it("names empty and binary bodies", () => {
    expect(interpretAnswer(new Uint8Array(0), "").body).toEqual({ kind: "empty" });
    expect(interpretAnswer(new Uint8Array([0xc3, 0x28, 0xff, 0xfe]), "").body).toEqual({ kind: "binary", size: 4 });
  });
});
