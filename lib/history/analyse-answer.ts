import { imageBlob } from "@/lib/browser/image-blob";
import { interpretAnswer } from "@/lib/answer/interpret-answer";
import { detectJob } from "@/lib/answer/job-status";
import { usageOfBody, type ServiceUsage } from "@/lib/answer/service-usage";
import { packJsonBody, type PackedBody } from "./answer-packing";

/**
 * Everything history needs to know about an answer: its images, its status as a job, and the
 * answer packed for storage. `pause` is awaited between heavy steps so the page stays responsive.
 */

export type AnswerAnalysis = {
  packed: PackedBody | null;
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
    packed,
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
