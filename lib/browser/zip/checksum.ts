/** SHA-256 of a file's bytes, in hex: what an export lists, so that an import can tell a damaged file. */
export async function sha256Hex(data: Uint8Array | Blob): Promise<string> {
  const bytes = data instanceof Blob ? await data.arrayBuffer() : new Uint8Array(data);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
