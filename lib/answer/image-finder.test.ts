import { describe, expect, it } from "vitest";
import {
  AVIF_BASE64,
  BMP_BASE64,
  GIF_BASE64,
  JPEG_BASE64,
  MP4_BASE64,
  PNG_BASE64,
  TEXT_BASE64,
  WEBP_BASE64,
} from "@/test-support/sample-images";
import { findImages, findImagesAndUncertainUrls } from "./image-finder";

const summary = (answer: unknown) => findImages(answer).map((image) => ({ paths: image.paths, kind: image.source.kind }));

describe("findImages", () => {
  it("finds OpenAI-style b64_json and url answers", () => {
    expect(summary({ created: 1, data: [{ b64_json: PNG_BASE64 }, { url: "https://cdn.example.com/a/b" }] })).toEqual([
      { paths: ["$.data[0].b64_json"], kind: "base64" },
      { paths: ["$.data[1].url"], kind: "url" },
    ]);
  });

  it("recognises every image signature and nothing else", () => {
    const answer = {
      png: PNG_BASE64,
      jpeg: JPEG_BASE64,
      gif: GIF_BASE64,
      webp: WEBP_BASE64,
      avif: AVIF_BASE64,
      bmp: BMP_BASE64,
      video: MP4_BASE64,
      text: TEXT_BASE64,
    };
    const found = findImages(answer).map((image) => (image.source.kind === "base64" ? image.source.mime : image.source.kind));
    expect(found).toEqual(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp"]);
  });

  it("goes to any depth, through arrays of arrays and objects keyed by index", () => {
    const answer = { output: [[{ images: { "0": { src: `data:image/png;base64,${PNG_BASE64}` } } }]] };
    expect(summary(answer)).toEqual([{ paths: ['$.output[0][0].images["0"].src'], kind: "data-uri" }]);
  });

  it("looks inside JSON encoded in a string", () => {
    const answer = { body: JSON.stringify({ result: { url: "https://x.example.com/out.webp" } }) };
    expect(summary(answer)).toEqual([{ paths: ["$.body(json).result.url"], kind: "url" }]);
  });

  it("takes URLs by extension anywhere, and by key name without one", () => {
    const answer = {
      foo: "https://x.example.com/pic.JPG?sig=1",
      image_url: "https://x.example.com/render/123",
      note: "https://x.example.com/about",
    };
    expect(summary(answer).map((image) => image.paths[0])).toEqual(["$.foo", "$.image_url"]);
  });

  it("ignores polling, status, cancel and webhook URLs", () => {
    const answer = {
      id: "abc",
      status: "starting",
      polling_url: "https://api.example.com/v1/get_result?id=abc",
      urls: { get: "https://api.example.com/p/abc", cancel: "https://api.example.com/p/abc/cancel", stream: "https://s.example.com/abc" },
      webhook: "https://hooks.example.com/x",
      output: null,
    };
    expect(summary(answer)).toEqual([]);
  });

  it("ignores placeholders and input images", () => {
    const answer = {
      input: { image: "https://x.example.com/input.png", prompt: "fox" },
      init_image: `data:image/png;base64,${PNG_BASE64}`,
      data: [{ url: "https://..." }, { url: "<string>" }, { url: "https://example.com/{id}.png" }],
    };
    expect(summary(answer)).toEqual([]);
  });

  it("accepts a URL or data URI held in a field named b64_json", () => {
    const answer = { data: [{ b64_json: "https://x.example.com/file/1" }, { b64_json: `data:image/webp;base64,${WEBP_BASE64}` }] };
    expect(summary(answer).map((image) => image.kind)).toEqual(["url", "data-uri"]);
  });

  it("shows the same image once with every path that holds it", () => {
    const answer = { data: [{ url: "https://x.example.com/a.png" }], images: ["https://x.example.com/a.png"] };
    expect(summary(answer)).toEqual([{ paths: ["$.data[0].url", "$.images[0]"], kind: "url" }]);
  });

  it("refuses non-http schemes and non-image data URIs", () => {
    expect(summary({ url: "javascript:alert(1)", a: "data:text/html;base64,PHNjcmlwdD4=", b: "file:///etc/passwd.png" })).toEqual([]);
  });

  it("survives very deep nesting without overflowing the stack", () => {
    let deep: unknown = { url: "https://x.example.com/deep.png" };
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findImages(deep)).toHaveLength(1);
  });
});

describe("findImagesAndUncertainUrls", () => {
  it("lists URLs with nothing saying what they are, for the browser to try, but never job or input URLs", () => {
    const answer = {
      foo: { bar: "https://cdn.example.com/abc123" },
      image: "https://cdn.example.com/known",
      polling_url: "https://api.example.com/poll/1",
      input: { source: "https://uploads.example.com/in" },
      homepage: "https://example.com/",
      placeholder: "https://...",
    };
    const { images, uncertain } = findImagesAndUncertainUrls(answer);
    expect(images.map((image) => image.paths)).toEqual([["$.image"]]);
    expect(uncertain).toEqual([
      { path: "$.foo.bar", url: "https://cdn.example.com/abc123" },
      { path: "$.homepage", url: "https://example.com/" },
    ]);
  });
});
