import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, open, rm, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import type { ArchivedRun } from "@/lib/history/archive-schema";
import { sniffImageMime } from "@/lib/answer/image-signature";
import type { ShareFile } from "@/lib/server/database/share-store";
import { MultipartError, readMultipart } from "@/lib/server/http/multipart-stream";
import { SecretScrubber } from "@/lib/server/upstream/scrub-secret";

/**
 * Receives runs as the history export writes them, with their files, as multipart form data: text
 * fields first (among them the record), then one part per file the record names. Each file is
 * streamed to a staging folder as it comes (an upload is never held whole in memory), so the record
 * must come before its files. Images must be what their bytes say (PNG, JPEG, WebP, GIF or AVIF);
 * every other file is stored as opaque bytes, with the key scrubbed on the way, and only ever
 * served as a download. Shares and the library both take runs this way.
 */

export type UploadRefusal = { ok: false; reason: "invalid" | "too-large"; detail: string };
type Refusal = UploadRefusal;
export const invalidUpload = (detail: string): Refusal => ({ ok: false, reason: "invalid", detail });
const invalid = invalidUpload;

/** The image types an upload may hold: those every browser shows, none that can carry a script. */
const ACCEPTED_IMAGES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"]);
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
/** Bytes an image's signature needs before its type can be told. */
const SIGNATURE_BYTES = 32;
const SMALL_FIELD_BYTES = 1024;

/** The files the record names: images (checked by their bytes), other files, and those that may be absent. */
export type ExpectedFiles = { images: Set<string>; others: Set<string>; optional: Set<string> };
type Expected = ExpectedFiles;

export type UploadShape<T> = {
  /** What the upload is called in its refusals ("share", "run"). */
  noun: string;
  /** The text fields it takes; "record" may be long, the others are short. */
  textFields: ReadonlySet<string>;
  /** Reads the text fields, once the first file arrives (or at the end): what they hold and the files they name. */
  readFields: (values: Record<string, string>) => { value: T; expected: Expected } | Refusal;
};

/**
 * Receives an upload's body into `staging` (a folder of its own, which the caller deletes). Holds
 * in memory the text fields and one chunk at a time; stops at the first thing wrong, or as soon as
 * the upload passes `maxBytes`.
 */
export async function receiveRunFiles<T>(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  shape: UploadShape<T>,
  options: { staging: string; maxBytes: number; secrets: readonly string[] },
): Promise<{ ok: true; value: T; files: ShareFile[]; size: number } | Refusal> {
  const text: Record<string, string> = {};
  let fields: { value: T; expected: Expected } | null = null;
  const files: ShareFile[] = [];
  let size = 0;
  let current: { field: string; chunks: Buffer[]; bytes: number } | FileSink | null = null;
  await mkdir(options.staging, { recursive: true });
  try {
    for await (const event of readMultipart(body, boundary)) {
      if (event.kind === "part") {
        const { name, filename } = event.head;
        if (name === "file" && filename !== null) {
          const known: { value: T; expected: Expected } | Refusal = fields ?? shape.readFields(text);
          if ("ok" in known) return known;
          fields = known;
          const opened = await FileSink.open(filename, known.expected, files, options);
          if (!opened.ok) return opened;
          current = opened.sink;
        } else if (shape.textFields.has(name) && filename === null) {
          if (fields) return invalid(`The ${shape.noun}'s fields must come before its files.`);
          current = { field: name, chunks: [], bytes: 0 };
        } else {
          return invalid(`The ${shape.noun} has a part named ${JSON.stringify(name.slice(0, 50))} it does not take.`);
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
  const known: { value: T; expected: Expected } | Refusal = fields ?? shape.readFields(text);
  if ("ok" in known) return known;
  const sent = new Set(files.map((file) => file.name));
  const { images, others, optional } = known.expected;
  const missing = [...images, ...others].find((name) => !sent.has(name) && !optional.has(name));
  if (missing !== undefined) return invalid(`The record names ${missing}, which was not sent.`);
  return { ok: true, size, value: known.value, files };
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
    if (!type || !ACCEPTED_IMAGES.has(type)) {
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

/** The files a record names: images (checked by their bytes), other files, and those that may be absent. */
export function expectedFilesOf(runs: readonly ArchivedRun[]): Expected | Refusal {
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
