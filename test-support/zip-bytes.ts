import { zipToBlob, type ZipEntry } from "../lib/browser/zip/zip-writer";

/** The bytes of the zip the playground would download for these entries. */
export async function zipBytes(entries: ZipEntry[]): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await (await zipToBlob(entries)).arrayBuffer());
}

/** An entry's text, whether it is held as bytes or as a Blob. */
export async function entryText(entry: ZipEntry | undefined): Promise<string> {
  if (!entry) return "";
  return entry.data instanceof Blob ? entry.data.text() : new TextDecoder().decode(entry.data);
}
