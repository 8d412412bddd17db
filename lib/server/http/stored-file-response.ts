import "server-only";

/**
 * A stored file as the playground serves it (a share's file, a library file): never sniffed, an
 * image shown inline and anything else only ever downloaded (an answer file is whatever the service
 * sent: HTML, SVG…), under a policy that lets it run nothing. Its bytes never change at its address.
 */
export function storedFileResponse(file: { data: Uint8Array; contentType: string }, name: string): Response {
  const isImage = file.contentType.startsWith("image/");
  return new Response(new Uint8Array(file.data), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.data.byteLength),
      "x-content-type-options": "nosniff",
      "cache-control": "private, max-age=31536000, immutable",
      "content-disposition": `${isImage ? "inline" : "attachment"}; filename="${name}"`,
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}
