import "server-only";
import "@/lib/request/zod-setup";
import * as z from "zod/mini";
import { archivedRunSchema } from "@/lib/history/archive-schema";
import type { SharedRecord } from "@/lib/history/share-files";
import { sniffImageMime } from "@/lib/answer/image-signature";
import type { ShareFile } from "@/lib/server/database/share-store";
import { SCRUBBED } from "@/lib/server/upstream/scrub-secret";

/**
 * What a browser sends to share a run or a grid, checked before anything is stored: multipart
 * form data with `kind` ("run" or "grid"), `record` (the run as the history export writes
 * run.json, or a grid's cells as such runs), `expires` and `ownerToken`, and one part per file
 * the record names. Images must be what their bytes say (PNG, JPEG, WebP, GIF or
 * AVIF); every other file is stored as opaque bytes and only ever served as a download.
 */

export const SHARE_EXPIRY_CHOICES = ["never", "1", "7", "30"] as const;

export type ShareUpload = SharedRecord & {
  ownerToken: string;
  sourceKey: string;
  files: ShareFile[];
  expiresInDays: number | null;
};

/** The image types a share may hold: those every browser shows, none that can carry a script. */
const SHAREABLE_IMAGES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"]);
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** More cells than any grid the playground plans (PLAYGROUND_GRID_MAX_CELLS tops out at 10,000). */
const MAX_GRID_CELLS = 10_000;

const fieldsSchema = z.object({
  ownerToken: z.string().check(z.minLength(16), z.maxLength(200)),
  expires: z.enum(SHARE_EXPIRY_CHOICES),
  kind: z.enum(["run", "grid"]),
});

const gridRecordSchema = z.object({ cells: z.array(archivedRunSchema).check(z.minLength(1), z.maxLength(MAX_GRID_CELLS)) });

type Refusal = { ok: false; detail: string };

export async function readShareUpload(form: FormData, secrets: readonly string[]): Promise<{ ok: true; upload: ShareUpload } | Refusal> {
  const fields = fieldsSchema.safeParse({ ownerToken: form.get("ownerToken"), expires: form.get("expires"), kind: form.get("kind") });
  if (!fields.success) {
    return { ok: false, detail: "The share needs a kind (run or grid), an owner token and an expiry of never, 1, 7 or 30 days." };
  }
  const recordPart = form.get("record");
  const recordText = typeof recordPart === "string" ? recordPart : recordPart ? await recordPart.text() : null;
  if (recordText === null) return { ok: false, detail: "The share has no record." };
  let json: unknown;
  try {
    json = JSON.parse(scrubText(recordText, secrets));
  } catch {
    return { ok: false, detail: "The record is not valid JSON." };
  }
  const shared = readRecord(fields.data.kind, json);
  if (!shared.ok) return shared;
  const runs = shared.record.kind === "run" ? [shared.record.record] : shared.record.record.cells;

  const images = new Set<string>();
  const others = new Set<string>();
  const optional = new Set<string>();
  for (const run of runs) {
    const named: string[] = [];
    if (run.thumbnailFile) named.push(run.thumbnailFile);
    if (run.outcome.kind === "service") {
      named.push(
        run.outcome.answerFile,
        ...run.outcome.packed.map((image) => image.file),
        ...run.outcome.remote.map((image) => image.file),
      );
      // A saved copy of a remote image may be absent (history keeps what it could fetch).
      for (const image of run.outcome.remote) optional.add(image.file);
    }
    for (const name of named) {
      if (!FILE_NAME.test(name)) return { ok: false, detail: `The file name ${JSON.stringify(name.slice(0, 100))} is not allowed.` };
      if (images.has(name) || others.has(name)) return { ok: false, detail: `The file name ${name} is used twice.` };
    }
    if (run.thumbnailFile) images.add(run.thumbnailFile);
    if (run.outcome.kind === "service") {
      others.add(run.outcome.answerFile);
      for (const image of [...run.outcome.packed, ...run.outcome.remote]) images.add(image.file);
    }
  }

  const files: ShareFile[] = [];
  const sent = new Set<string>();
  for (const part of form.getAll("file")) {
    if (typeof part === "string") return { ok: false, detail: "Files must be sent as file parts." };
    if (!images.has(part.name) && !others.has(part.name)) {
      return { ok: false, detail: `The file ${JSON.stringify(part.name.slice(0, 100))} is not one the record names.` };
    }
    if (sent.has(part.name)) return { ok: false, detail: `The file ${part.name} was sent twice.` };
    sent.add(part.name);
    const data = new Uint8Array(await part.arrayBuffer());
    if (images.has(part.name)) {
      const type = sniffImageMime(data.subarray(0, 32));
      if (!type || !SHAREABLE_IMAGES.has(type)) {
        return { ok: false, detail: `${part.name} is not a PNG, JPEG, WebP, GIF or AVIF image (judged by its bytes).` };
      }
      files.push({ name: part.name, contentType: type, data });
    } else {
      files.push({ name: part.name, contentType: "application/octet-stream", data: scrubBytes(data, secrets) });
    }
  }
  const missing = [...images, ...others].find((name) => !sent.has(name) && !optional.has(name));
  if (missing !== undefined) return { ok: false, detail: `The record names ${missing}, which was not sent.` };
  const expiresInDays = fields.data.expires === "never" ? null : Number(fields.data.expires);
  return {
    ok: true,
    upload: { ...shared.record, sourceKey: shared.sourceKey, ownerToken: fields.data.ownerToken, files, expiresInDays },
  };
}

function readRecord(kind: "run" | "grid", json: unknown): { ok: true; record: SharedRecord; sourceKey: string } | Refusal {
  if (kind === "run") {
    const parsed = archivedRunSchema.safeParse(json);
    if (!parsed.success) return { ok: false, detail: "The run does not have the shape of a run in the playground's history." };
    return { ok: true, record: { kind: "run", record: parsed.data }, sourceKey: parsed.data.id };
  }
  const parsed = gridRecordSchema.safeParse(json);
  if (!parsed.success) return { ok: false, detail: "The grid does not have the shape of a grid in the playground's history." };
  const groupId = parsed.data.cells[0]?.group?.id;
  if (!groupId || parsed.data.cells.some((cell) => cell.group?.id !== groupId)) {
    return { ok: false, detail: "Every cell of a shared grid must belong to the same grid." };
  }
  return { ok: true, record: { kind: "grid", record: parsed.data }, sourceKey: `grid:${groupId}` };
}

function scrubText(text: string, secrets: readonly string[]): string {
  return secrets.reduce((scrubbed, secret) => (secret ? scrubbed.split(secret).join(SCRUBBED) : scrubbed), text);
}

/** The key once more, in whatever bytes the answer file holds (the route scrubbed it on the way in). */
export function scrubBytes(data: Uint8Array, secrets: readonly string[]): Uint8Array {
  let bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  for (const secret of secrets) {
    if (!secret) continue;
    const needle = Buffer.from(secret);
    if (bytes.indexOf(needle) === -1) continue;
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, from)) {
      parts.push(bytes.subarray(from, at), Buffer.from(SCRUBBED));
      from = at + needle.length;
    }
    parts.push(bytes.subarray(from));
    bytes = Buffer.concat(parts);
  }
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
