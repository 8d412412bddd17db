import { crc32 } from "./crc32";

/**
 * Reads a ZIP archive: stored entries (what the playground writes) and deflated ones (what an
 * archive tool writes when someone re-packs an export), via the platform's DecompressionStream.
 * Anything else is refused with a sentence a person can act on.
 */

export type UnzipResult = { ok: true; files: Map<string, Uint8Array<ArrayBuffer>> } | { ok: false; message: string };

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const NOT_A_ZIP = "This file is not a zip archive.";

function findEndRecord(view: DataView): number {
  // The end record is 22 bytes plus a comment of up to 64 KiB, at the very end.
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}

async function inflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function unzip(archive: Uint8Array<ArrayBuffer>): Promise<UnzipResult> {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = archive.length >= 22 ? findEndRecord(view) : -1;
  if (end < 0) return { ok: false, message: NOT_A_ZIP };
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  try {
    for (let index = 0; index < count; index++) {
      if (view.getUint32(at, true) !== CENTRAL_ENTRY)
        return { ok: false, message: "This zip archive is damaged (its table of contents is broken)." };
      const method = view.getUint16(at + 10, true);
      const expectedCrc = view.getUint32(at + 16, true);
      const compressedSize = view.getUint32(at + 20, true);
      const nameLength = view.getUint16(at + 28, true);
      const extraLength = view.getUint16(at + 30, true);
      const commentLength = view.getUint16(at + 32, true);
      const localOffset = view.getUint32(at + 42, true);
      const name = names.decode(archive.subarray(at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
      if (name.endsWith("/")) continue; // a folder
      if (view.getUint32(localOffset, true) !== LOCAL_HEADER) return { ok: false, message: `This zip archive is damaged (entry ${name}).` };
      const dataStart = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
      const raw = archive.slice(dataStart, dataStart + compressedSize);
      if (raw.length !== compressedSize) return { ok: false, message: `This zip archive is cut short (entry ${name}).` };
      if (method !== 0 && method !== 8)
        return { ok: false, message: `${name} is packed with a method this page cannot read (only stored and deflate).` };
      const bytes = method === 0 ? raw : await inflate(raw);
      if (crc32(bytes) !== expectedCrc) return { ok: false, message: `This zip archive is damaged: ${name} does not match its checksum.` };
      files.set(name, bytes);
    }
  } catch {
    return { ok: false, message: "This zip archive is damaged and could not be read." };
  }
  return { ok: true, files };
}
