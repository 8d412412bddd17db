import { describe, expect, it } from "vitest";
import { ANSWER_CORPUS } from "@/test-support/answer-corpus";
import { findImages } from "./image-finder";
import { detectJob } from "./job-status";

describe("answer corpus: every documented shape gives exactly its images", () => {
  it("holds at least 30 answers", () => {
    expect(ANSWER_CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(ANSWER_CORPUS.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
    expect(findImages(entry.body).map((image) => image.paths)).toEqual(entry.images);
    const job = detectJob(entry.body);
    if (entry.job === undefined) expect(job?.phase ?? null).not.toBe("waiting");
    else expect(job).toMatchObject(entry.job);
  });
});
