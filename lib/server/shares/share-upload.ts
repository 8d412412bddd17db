import "server-only";
import "@/lib/request/zod-setup";
import { randomBytes } from "node:crypto";
import { mkdir, open, rm, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import * as z from "zod/mini";
import { archivedRunSchema } from "@/lib/history/archive-schema";
import type { SharedRecord } from "@/lib/history/share-files";
import { sniffImageMime } from "@/lib/answer/image-signature";
import type { ShareFile } from "@/lib/server/database/share-store";
import { MultipartError, readMultipart } from "@/lib/server/http/multipart-stream";
import { SecretScrubber, scrubSecretText } from "@/lib/server/upstream/scrub-secret";

/**
 * What a browser sends to share a run or a grid, checked as it arrives: multipart form data with
 * `kind` ("run" or "grid"), `expires`, `ownerToken` and `record` (the run as the history export
 * writes run.json, or a grid's cells as such runs), then one part per file the record names. Each
 * file is streamed to a staging folder as it comes (the upload is never held whole in memory), so
 * the record must come before its files. Images must be what their bytes say (PNG, JPEG, WebP, GIF
 * or AVIF); every other file is stored as opaque bytes, with the key scrubbed on the way, and only
 * ever served as a download.
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
/** Bytes an image's signature needs before its type can be told. */
const SIGNATURE_BYTES = 32;
const TEXT_FIELDS = new Set(["ownerToken", "expires", "kind", "record"]);
const SMALL_FIELD_BYTES = 1024;

const fieldsSchema = z.object({
  ownerToken: z.string().check(z.minLength(16), z.maxLength(200)),
  expires: z.enum(SHARE_EXPIRY_CHOICES),
  kind: z.enum(["run", "grid"]),
});

const gridRecordSchema = z.object({ cells: z.array(archivedRunSchema).check(z.minLength(1), z.maxLength(MAX_GRID_CELLS)) });

export type UploadRefusal = { ok: false; reason: "invalid" | "too-large"; detail: string };
type Refusal = UploadRefusal;
const invalid = (detail: string): Refusal => ({ ok: false, reason: "invalid", detail });

type Expected = { images: Set<string>; others: Set<string>; optional: Set<string> };
type Fields = { shared: SharedRecord; sourceKey: string; ownerToken: string; expiresInDays: number | null; expected: Expected };

/**
 * Receives a share's body into `staging` (a folder of its own, which the caller deletes). Holds in
 * memory the text fields and one chunk at a time; stops at the first thing wrong, or as soon as
 * the share passes `maxBytes`.
 */
export async function receiveShareUpload(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  options: { staging: string; maxBytes: number; secrets: readonly string[] },
): Promise<{ ok: true; upload: ShareUpload; size: number } | Refusal> {
  const text: Record<string, string> = {};
  let fields: Fields | null = null;
  const files: ShareFile[] = [];
  let size = 0;
  let current: { field: string; chunks: Buffer[]; bytes: number } | FileSink | null = null;
  await mkdir(options.staging, { recursive: true });
  try {
    for await (const event of readMultipart(body, boundary)) {
      if (event.kind === "part") {
        const { name, filename } = event.head;
        if (name === "file" && filename !== null) {
          const known: Fields | Refusal = fields ?? readFields(text);
          if ("ok" in known) return known;
          fields = known;
          const opened = await FileSink.open(filename, fields.expected, files, options);
          if (!opened.ok) return opened;
          current = opened.sink;
        } else if (TEXT_FIELDS.has(name) && filename === null) {
          if (fields) return invalid("The share's fields must come before its files.");
          current = { field: name, chunks: [], bytes: 0 };
        } else {
          return invalid(`The share has a part named ${JSON.stringify(name.slice(0, 50))} it does not take.`);
        }
      } else if (event.kind === "data") {
        size += event.bytes.byteLength;
        if (size > options.maxBytes) return { ok: false, reason: "too-large", detail: "" };
        if (current instanceof FileSink) {
          const written = await current.write(event.bytes);
          if (!written.ok) return written;
        } else if (current) {
          if (current.field !== "record" && current.bytes + event.bytes.byteLength > SMALL_FIELD_BYTES) {
            return invalid(`The field ${current.field} is too long.`);
          }
          current.chunks.push(Buffer.from(event.bytes));
          current.bytes += event.bytes.byteLength;
        }
      } else if (current instanceof FileSink) {
        const closed = await current.close();
        if (!closed.ok) return closed;
        files.push(closed.file);
        current = null;
      } else if (current) {
        text[current.field] = Buffer.concat(current.chunks).toString("utf8");
        current = null;
      }
    }
  } catch (error) {
    if (error instanceof MultipartError) return invalid(`The multipart body could not be read: ${error.message}.`);
    return invalid("The upload broke off. Nothing was stored.");
  } finally {
    if (current instanceof FileSink) await current.abandon();
  }
  const known: Fields | Refusal = fields ?? readFields(text);
  if ("ok" in known) return known;
  const sent = new Set(files.map((file) => file.name));
  const { images, others, optional } = known.expected;
  const missing = [...images, ...others].find((name) => !sent.has(name) && !optional.has(name));
  if (missing !== undefined) return invalid(`The record names ${missing}, which was not sent.`);
  return {
    ok: true,
    size,
    upload: {
      ...known.shared,
      sourceKey: known.sourceKey,
      ownerToken: known.ownerToken,
      files,
      expiresInDays: known.expiresInDays,
    },
  };

  function readFields(values: Record<string, string>): Fields | Refusal {
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
    const expected = expectedFiles(shared.record);
    if ("ok" in expected) return expected;
    const { expires, ownerToken } = parsed.data;
    return {
      shared: shared.record,
      sourceKey: shared.sourceKey,
      ownerToken,
      expiresInDays: expires === "never" ? null : Number(expires),
      expected,
    };
  }
}

/** One file part on its way to the staging folder: checked by name, by signature (images), and scrubbed (the rest). */
class FileSink {
  private head: Buffer[] = [];
  private headBytes = 0;
  private bytes = 0;
  private contentType: string | null = null;

  private constructor(
    private readonly name: string,
    private readonly path: string,
    private readonly handle: FileHandle,
    private readonly isImage: boolean,
    private readonly scrubber: SecretScrubber | null,
  ) {}

  static async open(
    name: string,
    expected: Expected,
    files: readonly ShareFile[],
    options: { staging: string; secrets: readonly string[] },
  ): Promise<{ ok: true; sink: FileSink } | Refusal> {
    if (!FILE_NAME.test(name)) return invalid(`The file name ${JSON.stringify(name.slice(0, 100))} is not allowed.`);
    const isImage = expected.images.has(name);
    if (!isImage && !expected.others.has(name)) return invalid(`The file ${JSON.stringify(name)} is not one the record names.`);
    if (files.some((file) => file.name === name)) return invalid(`The file ${name} was sent twice.`);
    // Staged under a random name: the file's own name is checked, but never trusted as a path here.
    const path = join(options.staging, randomBytes(12).toString("hex"));
    const handle = await open(path, "wx", 0o600);
    return { ok: true, sink: new FileSink(name, path, handle, isImage, isImage ? null : new SecretScrubber(options.secrets)) };
  }

  async write(chunk: Uint8Array): Promise<{ ok: true } | Refusal> {
    if (this.scrubber) {
      for (const piece of this.scrubber.push(chunk)) await this.append(piece);
      return { ok: true };
    }
    if (this.contentType === null) {
      // The image's first bytes are held until its signature can be read; nothing is written before.
      this.head.push(Buffer.from(chunk));
      this.headBytes += chunk.byteLength;
      if (this.headBytes < SIGNATURE_BYTES) return { ok: true };
      return this.checkSignature();
    }
    await this.append(chunk);
    return { ok: true };
  }

  async close(): Promise<{ ok: true; file: ShareFile } | Refusal> {
    if (this.scrubber) for (const piece of this.scrubber.flush()) await this.append(piece);
    if (this.isImage && this.contentType === null) {
      const checked = await this.checkSignature();
      if (!checked.ok) return checked;
    }
    await this.handle.close();
    return {
      ok: true,
      file: { name: this.name, contentType: this.contentType ?? "application/octet-stream", path: this.path, bytes: this.bytes },
    };
  }

  async abandon(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }

  private async checkSignature(): Promise<{ ok: true } | Refusal> {
    const head = Buffer.concat(this.head);
    this.head = [];
    const type = sniffImageMime(head.subarray(0, SIGNATURE_BYTES));
    if (!type || !SHAREABLE_IMAGES.has(type)) {
      await this.abandon();
      return invalid(`${this.name} is not a PNG, JPEG, WebP, GIF or AVIF image (judged by its bytes).`);
    }
    this.contentType = type;
    await this.append(head);
    return { ok: true };
  }

  private async append(bytes: Uint8Array): Promise<void> {
    let written = 0;
    while (written < bytes.byteLength) {
      const { bytesWritten } = await this.handle.write(bytes, written, bytes.byteLength - written);
      written += bytesWritten;
    }
    this.bytes += bytes.byteLength;
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

/** The files a record names: images (checked by their bytes), other files, and those that may be absent. */
function expectedFiles(shared: SharedRecord): Expected | Refusal {
  const runs = shared.kind === "run" ? [shared.record] : shared.record.cells;
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
      if (!FILE_NAME.test(name)) return invalid(`The file name ${JSON.stringify(name.slice(0, 100))} is not allowed.`);
      if (images.has(name) || others.has(name)) return invalid(`The file name ${name} is used twice.`);
    }
    if (run.thumbnailFile) images.add(run.thumbnailFile);
    if (run.outcome.kind === "service") {
      others.add(run.outcome.answerFile);
      for (const image of [...run.outcome.packed, ...run.outcome.remote]) images.add(image.file);
    }
  }
  return { images, others, optional };
}

/** A fresh folder for one upload's files, beside where they will be kept (so keeping them is a rename). */
export function uploadStagingFolder(root: string): string {
  return join(root, `upload-${randomBytes(12).toString("hex")}`);
}

export async function discardStaging(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true }).catch(() => undefined);
}
