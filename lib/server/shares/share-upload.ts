import "server-only";
import "@/lib/request/zod-setup";
import * as z from "zod/mini";
import { archivedRunSchema, type ArchivedRun } from "@/lib/history/archive-schema";
import { sniffImageMime } from "@/lib/answer/image-signature";
import type { ShareFile } from "@/lib/server/database/share-store";
import { SCRUBBED } from "@/lib/server/upstream/scrub-secret";

/**
 * What a browser sends to share a run, checked before anything is stored: multipart form data
 * with `run` (the run as the history export writes run.json), `expires` and `ownerToken`, and
 * one part per file the run names. Images must be what their bytes say (PNG, JPEG, WebP, GIF or
 * AVIF); every other file is stored as opaque bytes and only ever served as a download.
 */

export const SHARE_EXPIRY_CHOICES = ["never", "1", "7", "30"] as const;

export type ShareUpload = { ownerToken: string; record: ArchivedRun; files: ShareFile[]; expiresInDays: number | null };

/** The image types a share may hold: those every browser shows, none that can carry a script. */
const SHAREABLE_IMAGES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"]);
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const fieldsSchema = z.object({
  ownerToken: z.string().check(z.minLength(16), z.maxLength(200)),
  expires: z.enum(SHARE_EXPIRY_CHOICES),
});

export async function readShareUpload(
  form: FormData,
  secrets: readonly string[],
): Promise<{ ok: true; upload: ShareUpload } | { ok: false; detail: string }> {
  const fields = fieldsSchema.safeParse({ ownerToken: form.get("ownerToken"), expires: form.get("expires") });
  if (!fields.success) return { ok: false, detail: "The share needs an owner token and an expiry of never, 1, 7 or 30 days." };
  const runPart = form.get("run");
  const runText = typeof runPart === "string" ? runPart : runPart ? await runPart.text() : null;
  if (runText === null) return { ok: false, detail: "The share has no run." };
  let runJson: unknown;
  try {
    runJson = JSON.parse(scrubText(runText, secrets));
  } catch {
    return { ok: false, detail: "The run is not valid JSON." };
  }
  const parsed = archivedRunSchema.safeParse(runJson);
  if (!parsed.success) return { ok: false, detail: "The run does not have the shape of a run in the playground's history." };
  const record = parsed.data;

  const images = new Set<string>();
  const others = new Set<string>();
  if (record.thumbnailFile) images.add(record.thumbnailFile);
  if (record.outcome.kind === "service") {
    others.add(record.outcome.answerFile);
    for (const image of [...record.outcome.packed, ...record.outcome.remote]) images.add(image.file);
  }
  const named = [...images, ...others];
  const badName = named.find((name) => !FILE_NAME.test(name));
  if (badName !== undefined) return { ok: false, detail: `The file name ${JSON.stringify(badName.slice(0, 100))} is not allowed.` };

  const files: ShareFile[] = [];
  for (const part of form.getAll("file")) {
    if (typeof part === "string") return { ok: false, detail: "Files must be sent as file parts." };
    if (!images.has(part.name) && !others.has(part.name)) {
      return { ok: false, detail: `The file ${JSON.stringify(part.name.slice(0, 100))} is not one the run names.` };
    }
    if (files.some((file) => file.name === part.name)) return { ok: false, detail: `The file ${part.name} was sent twice.` };
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
  const missing = named.find((name) => !files.some((file) => file.name === name) && !isOptionalRemote(record, name));
  if (missing !== undefined) return { ok: false, detail: `The run names ${missing}, which was not sent.` };
  const expiresInDays = fields.data.expires === "never" ? null : Number(fields.data.expires);
  return { ok: true, upload: { ownerToken: fields.data.ownerToken, record, files, expiresInDays } };
}

/** A saved copy of a remote image may be absent (the history keeps what it could fetch). */
function isOptionalRemote(record: ArchivedRun, name: string): boolean {
  return record.outcome.kind === "service" && record.outcome.remote.some((image) => image.file === name);
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
