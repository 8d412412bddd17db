import { describe, expect, it } from "vitest";
import { JPEG_BASE64, PNG_BASE64, WEBP_BASE64 } from "@/test-support/sample-images";
import { base64ImagesInText } from "./base64-in-text";
import { interpretAnswer } from "./interpret-answer";

const bytesOf = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
/** As XML serializers and MIME write base64: a line break every 76 letters. */
const wrapped = (base64: string) => base64.replace(/(.{76})/g, "$1\n");

describe("bare base64 pictures inside other text", () => {
  it("finds a picture in an XML element, by its signature", () => {
    const xml = `<?xml version="1.0"?><response><status>ok</status><image format="png">${PNG_BASE64}</image></response>`;
    expect(base64ImagesInText(xml)).toEqual([{ offset: xml.indexOf(PNG_BASE64), mime: "image/png", base64: PNG_BASE64 }]);
  });

  it("reads MIME-wrapped base64 as one picture, and several pictures in one text", () => {
    const text = `result:\n${wrapped(JPEG_BASE64)}\n\nsecond: ${WEBP_BASE64}\n`;
    const found = base64ImagesInText(text);
    expect(found.map((mention) => mention.mime)).toEqual(["image/jpeg", "image/webp"]);
    expect(found[0]?.base64).toBe(JPEG_BASE64);
    expect(found[1]?.base64).toBe(WEBP_BASE64);
  });

  it("never takes base64 that is not a picture for one: a token, a zip, prose", () => {
    const token = Buffer.from("x".repeat(120)).toString("base64");
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(80, 7)]).toString("base64");
    const prose = "The service could not paint this picture because the prompt was refused by its policy. ".repeat(5);
    expect(base64ImagesInText(`<token>${token}</token><archive>${zip}</archive><note>${prose}</note>`)).toEqual([]);
  });

  it("through interpretAnswer: an XML answer shows its picture; text without one shows none", () => {
    const xml = `<GenerateResponse><Images><Image>${wrapped(PNG_BASE64)}</Image></Images></GenerateResponse>`;
    const answer = interpretAnswer(bytesOf(xml), "application/xml");
    expect(answer.body.kind).toBe("text");
    expect(answer.images.map((image) => image.source)).toEqual([{ kind: "base64", mime: "image/png", base64: PNG_BASE64 }]);
    const token = Buffer.from("y".repeat(200)).toString("base64");
    expect(interpretAnswer(bytesOf(`<session>${token}</session>`), "application/xml").images).toEqual([]);
  });
});
