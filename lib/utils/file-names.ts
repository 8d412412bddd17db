/** File names for what the playground saves: extensions by content type and back, and name-safe slugs. */

const IMAGE_EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/bmp": "bmp",
  "image/tiff": "tiff",
  "image/heic": "heic",
  "image/svg+xml": "svg",
};

/** "png" for image/png, "json" for any JSON type, "txt" for text; `fallback` for anything else. */
export function extensionForType(contentType: string, fallback: string): string {
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const image = IMAGE_EXTENSIONS[type];
  if (image) return image;
  if (/[/+]json$/.test(type)) return "json";
  if (type.startsWith("text/")) return "txt";
  return fallback;
}

/** The image type a saved file's extension stands for. */
export function imageTypeForFileName(name: string): string {
  const extension = name.split(".").pop()?.toLowerCase() ?? "";
  const found = Object.entries(IMAGE_EXTENSIONS).find(([, known]) => known === extension);
  return found?.[0] ?? "application/octet-stream";
}

/** Lower-case letters, digits and dashes only, at most `maxLength` characters. */
export function slugify(text: string, maxLength: number): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, maxLength);
}
