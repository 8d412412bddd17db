import type { IncomingMessage, ServerResponse } from "node:http";
import { randomUUID } from "node:crypto";
import { json } from "./behaviours";

/**
 * Asynchronous jobs, the way queue-based services answer: submitting returns a job with a polling
 * URL; polling it says "processing" twice, then gives the image (or a failure, or nothing).
 */

type Job = { polls: number; outcome: "image" | "failure" };
const jobs = new Map<string, Job>();

export const JOB_MODELS = new Map<string, Job["outcome"]>([
  ["fake-async", "image"],
  ["fake-async-failing", "failure"],
]);

export function submitJob(response: ServerResponse, base: string, outcome: Job["outcome"]): void {
  const id = randomUUID();
  jobs.set(id, { polls: 0, outcome });
  json(response, 202, { id, status: "queued", polling_url: `${base}/v1/jobs/${id}` });
}

/** Jobs whose polling URL points away from the service: the playground must refuse to fetch them. */
export const HOSTILE_JOB_MODELS: Record<string, (base: string) => string> = {
  "fake-async-elsewhere": (base) => base.replace("127.0.0.1", "127.0.0.2") + "/v1/jobs/stolen",
  "fake-async-link-local": () => "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
  "fake-async-file": () => "file:///etc/passwd",
};

/** GET /v1/jobs/<id>: true when this request was a job poll and has been answered. */
export function answerJobPoll(request: IncomingMessage, response: ServerResponse, path: string, base: string): boolean {
  const match = /^(?:\/api)?\/v1\/jobs\/([\w-]+)$/.exec(path);
  if (request.method !== "GET" || !match?.[1]) return false;
  const job = jobs.get(match[1]);
  if (!job) {
    json(response, 404, { error: { message: "No such job." } });
    return true;
  }
  job.polls += 1;
  if (job.polls <= 2) json(response, 200, { id: match[1], status: "processing" });
  else if (job.outcome === "failure") json(response, 200, { id: match[1], status: "failed", error: "The model crashed while painting." });
  else json(response, 200, { id: match[1], status: "succeeded", output: [`${base}/files/job-${match[1]}.png`] });
  return true;
}
