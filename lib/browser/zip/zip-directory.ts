import { listZipEntries } from "@/lib/answer/zip-entries";

/**
 * What a zip says of itself in its central directory, read without inflating anything: how many
 * entries it has and how many bytes they unpack to. A zip bomb is refused on these figures before
 * a single byte is inflated (and the inflated sizes are checked against them afterwards).
 */

export type ZipDirectory = { entries: number; unpackedBytes: number };

export function readZipDirectory(bytes: Uint8Array): ZipDirectory | "damaged" | "zip64" {
  const listed = listZipEntries(bytes);
  if (typeof listed === "string") return listed;
  return { entries: listed.length, unpackedBytes: listed.reduce((total, entry) => total + entry.size, 0) };
}
