import "server-only";
import "@/lib/request/zod-setup";
import * as z from "zod/mini";
import { archivedRunSchema } from "@/lib/history/archive-schema";
import type { SharedRecord } from "@/lib/history/share-files";
import type { ShareFile } from "@/lib/server/database/share-store";
import { scrubSecretText } from "@/lib/server/upstream/scrub-secret";
import { expectedFilesOf, invalidUpload as invalid, receiveRunFiles, type UploadRefusal } from "@/lib/server/uploads/receive-run-files";

export { discardStaging, uploadStagingFolder, type UploadRefusal } from "@/lib/server/uploads/receive-run-files";

/**
 * What a browser sends to share a run or a grid (read by receive-run-files.ts): multipart form data
 * with `kind` ("run" or "grid"), `expires`, `ownerToken` and `record` (the run as the history
 * export writes run.json, or a grid's cells as such runs), then one part per file the record names.
 */

export const SHARE_EXPIRY_CHOICES = ["never", "1", "7", "30"] as const;

export type ShareUpload = SharedRecord & {
  ownerToken: string;
  sourceKey: string;
  files: ShareFile[];
  expiresInDays: number | null;
};

/** More cells than any grid the playground plans (PLAYGROUND_GRID_MAX_CELLS tops out at 10,000). */
const MAX_GRID_CELLS = 10_000;
const TEXT_FIELDS = new Set(["ownerToken", "expires", "kind", "record"]);

const fieldsSchema = z.object({
  ownerToken: z.string().check(z.minLength(16), z.maxLength(200)),
  expires: z.enum(SHARE_EXPIRY_CHOICES),
  kind: z.enum(["run", "grid"]),
});

const gridRecordSchema = z.object({ cells: z.array(archivedRunSchema).check(z.minLength(1), z.maxLength(MAX_GRID_CELLS)) });

type Refusal = UploadRefusal;
type Fields = { shared: SharedRecord; sourceKey: string; ownerToken: string; expiresInDays: number | null };

/** Receives a share's body into `staging` (a folder of its own, which the caller deletes). */
export async function receiveShareUpload(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  options: { staging: string; maxBytes: number; secrets: readonly string[] },
): Promise<{ ok: true; upload: ShareUpload; size: number } | Refusal> {
  const received = await receiveRunFiles<Fields>(body, boundary, { noun: "share", textFields: TEXT_FIELDS, readFields }, options);
  if (!received.ok) return received;
  const { shared, sourceKey, ownerToken, expiresInDays } = received.value;
  return { ok: true, size: received.size, upload: { ...shared, sourceKey, ownerToken, files: received.files, expiresInDays } };

  function readFields(values: Record<string, string>) {
    const parsed = fieldsSchema.safeParse({ ownerToken: values.ownerToken, expires: values.expires, kind: values.kind });
    if (!parsed.success) {
      return invalid("The share needs a kind (run or grid), an owner token and an expiry of never, 1, 7 or 30 days, before its files.");
    }
    if (values.record === undefined) return invalid("The share has no record before its files.");
    let json: unknown;
    try {
      json = JSON.parse(scrubSecretText(values.record, options.secrets));
    } catch {
      return invalid("The record is not valid JSON.");
    }
    const shared = readRecord(parsed.data.kind, json);
    if ("ok" in shared) return shared;
    const expected = expectedFilesOf(shared.record.kind === "run" ? [shared.record.record] : shared.record.record.cells);
    if ("ok" in expected) return expected;
    const { expires, ownerToken } = parsed.data;
    return {
      value: {
        shared: shared.record,
        sourceKey: shared.sourceKey,
        ownerToken,
        expiresInDays: expires === "never" ? null : Number(expires),
      },
      expected,
    };
  }
}

function readRecord(kind: "run" | "grid", json: unknown): { record: SharedRecord; sourceKey: string } | Refusal {
  if (kind === "run") {
    const parsed = archivedRunSchema.safeParse(json);
    if (!parsed.success) return invalid("The run does not have the shape of a run in the playground's history.");
    return { record: { kind: "run", record: parsed.data }, sourceKey: parsed.data.id };
  }
  const parsed = gridRecordSchema.safeParse(json);
  if (!parsed.success) return invalid("The grid does not have the shape of a grid in the playground's history.");
  const groupId = parsed.data.cells[0]?.group?.id;
  if (!groupId || parsed.data.cells.some((cell) => cell.group?.id !== groupId)) {
    return invalid("Every cell of a shared grid must belong to the same grid.");
  }
  return { record: { kind: "grid", record: parsed.data }, sourceKey: `grid:${groupId}` };
}
