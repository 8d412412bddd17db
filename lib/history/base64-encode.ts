/** Standard base64 with padding, in chunks so that large images never build one huge argument list. */
export function encodeBase64(bytes: Uint8Array): string {
  const chunkSize = 3 * 8192; // a multiple of 3: chunks join without padding in between
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += chunkSize) {
    parts.push(btoa(String.fromCharCode(...bytes.subarray(start, start + chunkSize))));
  }
  return parts.join("");
}
