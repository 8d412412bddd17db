import { describe, expect, it } from "vitest";
import { ANSWER_CORPUS } from "@/test-support/answer-corpus";
import { findImages } from "./image-finder";
import { detectJob } from "./job-status";

describe("answer corpus: every documented shape gives exactly its images", () => {
  it("names relative images only where it knows the service's URL", () => {
    for (const entry of ANSWER_CORPUS.filter((candidate) => candidate.urls)) {
      expect(findImages(entry.body)).toHaveLength(0);
    }
  });

  it("holds at least 30 answers", () => {
    expect(ANSWER_CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(ANSWER_CORPUS.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
    const found = findImages(entry.body, entry.base);
    expect(found.map((image) => image.paths)).toEqual(entry.images);
    if (entry.urls) expect(found.map((image) => (image.source.kind === "url" ? image.source.url : ""))).toEqual(entry.urls);
    const job = detectJob(entry.body);
    if (entry.job === undefined) expect(job?.phase ?? null).not.toBe("waiting");
    else expect(job).toMatchObject(entry.job);
  });
});
