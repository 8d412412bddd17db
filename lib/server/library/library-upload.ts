import "server-only";
import "@/lib/request/zod-setup";
import { archivedRunSchema, type ArchivedRun } from "@/lib/history/archive-schema";
import { scrubSecretText } from "@/lib/server/upstream/scrub-secret";
import { expectedFilesOf, invalidUpload as invalid, receiveRunFiles, type UploadRefusal } from "@/lib/server/uploads/receive-run-files";
import type { ShareFile } from "@/lib/server/database/share-store";

/**
 * What a browser sends to keep a run in its person's library (read by receive-run-files.ts):
 * multipart form data with `record` (the run as the history export writes run.json, verdict
 * included) and `verdictAt` (when its verdict last changed, by the device's clock), then one part
 * per file the record names.
 */

export type LibraryUpload = { record: ArchivedRun; verdictAt: number; files: ShareFile[] };

const TEXT_FIELDS = new Set(["record", "verdictAt"]);

export async function receiveLibraryUpload(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  options: { staging: string; maxBytes: number; secrets: readonly string[] },
): Promise<{ ok: true; upload: LibraryUpload; size: number } | UploadRefusal> {
  const received = await receiveRunFiles(body, boundary, { noun: "run", textFields: TEXT_FIELDS, readFields }, options);
  if (!received.ok) return received;
  return { ok: true, size: received.size, upload: { ...received.value, files: received.files } };

  function readFields(values: Record<string, string>) {
    if (values.record === undefined) return invalid("The run has no record before its files.");
    const verdictAt = Number(values.verdictAt ?? "0");
    if (!Number.isSafeInteger(verdictAt) || verdictAt < 0) return invalid("verdictAt must be a time in milliseconds.");
    let json: unknown;
    try {
      json = JSON.parse(scrubSecretText(values.record, options.secrets));
    } catch {
      return invalid("The record is not valid JSON.");
    }
    const parsed = archivedRunSchema.safeParse(json);
    if (!parsed.success) return invalid("The run does not have the shape of a run in the playground's history.");
    const expected = expectedFilesOf([parsed.data]);
    if ("ok" in expected) return expected;
    return { value: { record: parsed.data, verdictAt }, expected };
  }
}
