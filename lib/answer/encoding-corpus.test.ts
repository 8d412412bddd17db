import { describe, expect, it } from "vitest";
import { ENCODING_CORPUS } from "@/test-support/encoding-corpus";
import { interpretAnswer } from "./interpret-answer";

const bytesOf = (body: string | Uint8Array<ArrayBuffer>) => (typeof body === "string" ? new TextEncoder().encode(body) : body);

describe("encoding corpus: image bytes in every encoding and framing are found, and nothing else", () => {
  it("has at least three variants and one answer without images in every class", () => {
    const classes = new Set(ENCODING_CORPUS.map((entry) => entry.class));
    for (const name of classes) {
      const entries = ENCODING_CORPUS.filter((entry) => entry.class === name);
      expect(entries.filter((entry) => entry.images.length > 0).length, name).toBeGreaterThanOrEqual(3);
      expect(
        entries.some((entry) => entry.images.length === 0),
        name,
      ).toBe(true);
    }
  });

  it.each(ENCODING_CORPUS.map((entry) => [`${entry.class}: ${entry.name}`, entry] as const))("%s", (_name, entry) => {
    const answer = interpretAnswer(bytesOf(entry.body), entry.contentType);
    const found = answer.images.map((image) => ({
      path: image.paths[0],
      ...(image.source.kind === "url" ? { url: image.source.url } : { mime: image.source.mime }),
      ...(image.offset === undefined ? {} : { offset: image.offset }),
    }));
    expect(found).toEqual(entry.images);
    expect(answer.uncertain.map((candidate) => candidate.url)).toEqual(entry.uncertain ?? []);
    if (entry.shows) {
      const { body } = answer;
      const text = body.kind === "text" ? body.text : body.kind === "json" ? JSON.stringify(body.value) : "";
      expect(text).toContain(entry.shows);
    }
  });
});
