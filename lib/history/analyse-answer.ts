import { imageBlob } from "@/lib/browser/image-blob";
import { interpretAnswer } from "@/lib/answer/interpret-answer";
import { detectJob } from "@/lib/answer/job-status";
import { usageOfBody, type ServiceUsage } from "@/lib/answer/service-usage";
import { packJsonBody } from "./answer-packing";
import type { StoredPackedImage } from "./history-types";

/**
 * Everything history needs to know about an answer: its images, its status as a job, and the
 * answer packed for storage. `pause` is awaited between heavy steps so the page stays responsive.
 */

export type AnswerAnalysis = {
  /**
   * The answer as history stores it: the body (packed, or as it came) and the pictures taken out
   * of it, all Blobs. Made where the analysis runs (the answer worker, for a large answer), so the
   * page never copies a large body into one, and Blobs cross to the page by reference.
   */
  stored: { body: Blob; packed: StoredPackedImage[] };
  imageCount: number;
  /** A job that has not finished (no image yet). */
  jobPending: boolean;
  certainUrls: string[];
  uncertainUrls: string[];
  /** What the service reported the run used (tokens, credits, cost), if it said. */
  usage: ServiceUsage | null;
  /** The first image, for the thumbnail: its URL, or its bytes. */
  firstImage: { kind: "url"; url: string } | { kind: "bytes"; blob: Blob } | null;
};

export async function analyseAnswer(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
  pause: () => Promise<void> = () => Promise.resolve(),
  base?: string,
): Promise<AnswerAnalysis> {
  const answer = interpretAnswer(bytes, contentType, base);
  await pause();
  const packed = await packJsonBody(bytes, pause);
  await pause();
  const job = answer.body.kind === "json" ? detectJob(answer.body.value) : null;
  const first = answer.images[0]?.source;
  const firstBlob = first && first.kind !== "url" ? imageBlob(first) : null;
  return {
    stored: packed
      ? {
          body: new Blob([packed.text], { type: "text/plain" }),
          packed: packed.images.map((image) => ({ prefix: image.prefix, blob: new Blob([image.bytes], { type: image.mime }) })),
        }
      : { body: new Blob([bytes], { type: contentType }), packed: [] },
    imageCount: answer.images.length,
    jobPending: answer.images.length === 0 && job !== null && job.phase !== "done",
    certainUrls: answer.images.flatMap((image) => (image.source.kind === "url" ? [image.source.url] : [])),
    uncertainUrls: answer.uncertain.map((candidate) => candidate.url),
    usage: usageOfBody(answer.body),
    firstImage: !first
      ? null
      : first.kind === "url"
        ? { kind: "url", url: first.url }
        : firstBlob
          ? { kind: "bytes", blob: firstBlob }
          : null,
  };
}
