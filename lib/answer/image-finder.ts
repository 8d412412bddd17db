import { byteArrayImage, hexImage, indexKeyedBytes, unwrapBase64 } from "./byte-encodings";
import { cleanBase64, decodeBase64Prefix, sniffImageMime } from "./image-signature";
import { imagesInText, mayMentionImages } from "./images-in-text";
import { formatJsonPath, JSON_IN_STRING, type PathSegment } from "./json-path";

/**
 * Finds the images in an answer of unknown shape (DESIGN §6): at any depth, in arrays of arrays,
 * inside JSON encoded in a string; as http(s) URLs, data URIs, base64 in any of its variants, hex,
 * arrays of byte values, or mentioned inside longer text (Markdown, HTML, plain text), whenever the
 * bytes are an image. Walks with an explicit stack so a hostile, deeply nested answer cannot overflow.
 */

export type ImageSource =
  /** `viaPlayground`: the playground's own address for it, when the service's host wants the key (see image-through-playground). */
  | { kind: "url"; url: string; viaPlayground?: string }
  | { kind: "data-uri"; mime: string; data: string; base64: boolean }
  | { kind: "base64"; mime: string; base64: string }
  | { kind: "hex"; mime: string; hex: string }
  | { kind: "byte-array"; mime: string; bytes: Uint8Array<ArrayBuffer> };

/** `offset`: where in the string at `paths[0]` the image starts, when it was found inside longer text. */
export type FoundImage = { paths: string[]; source: ImageSource; offset?: number };

/** An http(s) URL with nothing saying it is a picture (no extension, no telling key): the page tries loading it. */
export type UncertainUrl = { path: string; url: string };

const MAX_UNCERTAIN_URLS = 50;

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|avif|bmp|svg|tiff?|heic)$/i;
/** Words in a key that make its URL about the job, not its picture (polling_url, urls.cancel, fetch_result, future_links…). */
const NOT_IMAGE_WORDS = new Set([
  "status",
  "poll",
  "polling",
  "cancel",
  "stream",
  "webhook",
  "callback",
  "get",
  "self",
  "logs",
  "web",
  "doc",
  "docs",
  "response",
  "fetch",
  "future",
  "queue",
  "api",
  "page",
]);
/** Words in a key that make its URL most likely a picture even without a file extension. */
const IMAGE_WORDS = new Set([
  "url",
  "uri",
  "urls",
  "image",
  "images",
  "img",
  "src",
  "output",
  "outputs",
  "sample",
  "samples",
  "result",
  "results",
  "file",
  "files",
  "download",
  "b64",
  "artifact",
  "artifacts",
  "data",
  "link",
  "links",
  "asset",
  "assets",
  "photo",
  "picture",
  "thumbnail",
  "preview",
]);
/** Words in a key under which the request's own inputs are echoed back; their images are not results. */
const INPUT_WORDS = new Set(["input", "inputs", "request", "params", "parameters", "init", "mask", "reference", "control", "conditioning"]);

/** "imageURL", "image_url", "proxy-url" → ["image", "url"], ["image", "url"], ["proxy", "url"]. */
function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const hasWord = (key: string, words: Set<string>) => keyWords(key).some((word) => words.has(word));
const MAX_JSON_IN_STRING = 64 * 1024 * 1024;

/** Paths are kept as linked steps so deep answers do not copy a growing array at every level. */
type PathStep = { parent: PathStep | null; segment: PathSegment };
type Frame = { value: unknown; path: PathStep | null; key: string; isInput: boolean };

function pathText(step: PathStep | null): string {
  const segments: PathSegment[] = [];
  for (let current = step; current; current = current.parent) segments.push(current.segment);
  return formatJsonPath(segments.reverse());
}

function isPlaceholderUrl(url: URL, raw: string): boolean {
  return raw.includes("...") || raw.includes("<") || raw.includes("{") || url.hostname === "" || url.hostname.includes("..");
}

/** An http(s) URL that could be a picture: a real address (no placeholder), not at a job's key. */
function usableHttpUrl(text: string, key: string): URL | null {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed) || /\s/.test(trimmed) || hasWord(key, NOT_IMAGE_WORDS)) return null;
  try {
    const url = new URL(trimmed);
    return isPlaceholderUrl(url, trimmed) ? null : url;
  } catch {
    return null;
  }
}

function classifyUrl(text: string, key: string): ImageSource | null {
  const url = usableHttpUrl(text, key);
  return url && (IMAGE_EXTENSION.test(url.pathname) || hasWord(key, IMAGE_WORDS)) ? { kind: "url", url: url.href } : null;
}

/**
 * A data URI that holds a picture: declared image/*, or base64 of another declared type
 * (application/octet-stream, as home-made services write) whose bytes are an image.
 */
function classifyDataUri(text: string): ImageSource | null {
  const match = /^data:([\w.+-]+\/[\w.+-]+)((?:;[\w-]+=[^;,]*)*)(;base64)?,/i.exec(text);
  if (!match?.[1]) return null;
  const declared = match[1].toLowerCase();
  const base64 = Boolean(match[3]);
  // Base64 arrives MIME-wrapped too; the line breaks go, or the decoder would count them as data.
  const data = base64 ? text.slice(match[0].length).replace(/\s+/g, "") : text.slice(match[0].length);
  if (declared.startsWith("image/")) return { kind: "data-uri", mime: declared, data, base64 };
  const sniffed = base64 ? sniffImageMime(decodeBase64Prefix(data, 24)) : null;
  return sniffed ? { kind: "data-uri", mime: sniffed, data, base64 } : null;
}

function base64Source(base64: string | null): ImageSource | null {
  if (!base64) return null;
  const mime = sniffImageMime(decodeBase64Prefix(base64, 24));
  return mime ? { kind: "base64", mime, base64 } : null;
}

function classifyEncodedBytes(text: string): ImageSource | null {
  if (text.length < 24) return null;
  const base64 = base64Source(cleanBase64(text)) ?? base64Source(unwrapBase64(text));
  if (base64) return base64;
  const hex = hexImage(text);
  return hex ? { kind: "hex", ...hex } : null;
}

/** A path with nothing but path characters, an optional query, and no scheme: "/files/1.png", "outputs/1.png", "../a.webp?v=2". */
const RELATIVE_PATH = /^(?:\.{0,2}\/)?[\w.~%-]+(?:\/[\w.~%-]+)*(?:\?[\w.~%&=+-]*)?$/;
const RELATIVE_PATH_MAX_CHARS = 2048;
/**
 * Keys whose relative path is an address to show. Not "path" or "file": services put the picture's
 * place on their own disk there ("/tmp/gradio/…/image.png"), which no URL serves.
 */
const RELATIVE_URL_WORDS = new Set(["url", "uri", "urls", "src", "href", "link", "links", "image", "images", "img", "output", "outputs"]);

/**
 * An image named by a path relative to the service ("/files/1.png", "outputs/1.png"): it counts
 * only when its file name says it is a picture, at a key that names an address (url, src, image,
 * output…) and not the job, and is shown resolved against the URL of the service that answered.
 */
function relativeImageUrl(text: string, key: string, base: string): ImageSource | null {
  const trimmed = text.trim();
  if (trimmed.length > RELATIVE_PATH_MAX_CHARS || !trimmed.includes("/") || !RELATIVE_PATH.test(trimmed)) return null;
  if (!hasWord(key, RELATIVE_URL_WORDS) || hasWord(key, NOT_IMAGE_WORDS)) return null;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return IMAGE_EXTENSION.test(url.pathname) ? { kind: "url", url: url.href } : null;
  } catch {
    return null;
  }
}

function classifyString(text: string, key: string): ImageSource | null {
  const trimmed = text.trim();
  if (/^data:/i.test(trimmed)) return classifyDataUri(trimmed);
  if (/^https?:\/\//i.test(trimmed)) return classifyUrl(trimmed, key);
  return classifyEncodedBytes(trimmed);
}

type TextFinding = { source: ImageSource; offset: number } | { uncertain: string; offset: number };

/**
 * Pictures mentioned inside a longer string. Markup (Markdown, HTML) says an address is an image;
 * a bare URL counts when it ends in an image extension, and is only a candidate otherwise.
 */
function findInText(text: string, key: string): TextFinding[] {
  if (!mayMentionImages(text)) return [];
  return imagesInText(text).flatMap((mention): TextFinding[] => {
    const { address, offset } = mention;
    if (/^data:/i.test(address)) {
      const source = classifyDataUri(address);
      return source ? [{ source, offset }] : [];
    }
    if (mention.said === "markup") {
      const url = usableHttpUrl(address, "");
      return url ? [{ source: { kind: "url", url: url.href }, offset }] : [];
    }
    const url = usableHttpUrl(address, key);
    if (!url) return [];
    return IMAGE_EXTENSION.test(url.pathname) ? [{ source: { kind: "url", url: url.href }, offset }] : [{ uncertain: url.href, offset }];
  });
}

function parseJsonInString(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed.length < 2 || trimmed.length > MAX_JSON_IN_STRING || !/^[[{]/.test(trimmed)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    return { ok: false };
  }
}

type IdentityKind = "url" | "hex" | "array" | "bytes";

/**
 * What makes two listings one picture: the same URL, the same encoded bytes, or (byte arrays) the
 * same place. A picture's text is its own key, never joined to a prefix: that would copy a 5 MB
 * string per picture just to look it up.
 */
function bytesIdentity(source: ImageSource, path: string): [kind: IdentityKind, key: string] {
  if (source.kind === "url") return ["url", source.url];
  if (source.kind === "hex") return ["hex", source.hex];
  // Two byte arrays are compared by place: comparing their contents would cost more than it saves.
  if (source.kind === "byte-array") return ["array", path];
  return ["bytes", source.kind === "data-uri" ? source.data : source.base64];
}

/** A CDN copy of a URL (Discord's proxy_url, a proxy host): same path and file name, another host. */
function isProxyCopy(url: string, key: string): boolean {
  return keyWords(key).includes("proxy") || /(^|\.)proxy\./.test(new URL(url).hostname);
}

/** Collects found images, merging two listings of one picture into one entry with both paths. */
class FoundImages {
  private readonly byIdentity: Record<IdentityKind, Map<string, FoundImage>> = {
    url: new Map(),
    hex: new Map(),
    array: new Map(),
    bytes: new Map(),
  };
  /** In the order they were found. */
  private readonly found: FoundImage[] = [];
  private readonly byUrlPath = new Map<string, { image: FoundImage; proxy: boolean }>();

  add(source: ImageSource, path: string, key: string, offset?: number): void {
    const [kind, identity] = bytesIdentity(source, path);
    const same = this.byIdentity[kind].get(identity);
    if (same) {
      same.paths.push(path);
      return;
    }
    if (source.kind === "url") {
      const urlPath = new URL(source.url).pathname;
      const proxy = isProxyCopy(source.url, key);
      const sibling = this.byUrlPath.get(urlPath);
      if (sibling && (sibling.proxy || proxy)) {
        sibling.image.paths.push(path);
        return;
      }
      const image = this.keep(kind, identity, source, path, offset);
      if (!sibling) this.byUrlPath.set(urlPath, { image, proxy });
      return;
    }
    this.keep(kind, identity, source, path, offset);
  }

  private keep(kind: IdentityKind, identity: string, source: ImageSource, path: string, offset?: number): FoundImage {
    const image = offset === undefined ? { paths: [path], source } : { paths: [path], source, offset };
    this.byIdentity[kind].set(identity, image);
    this.found.push(image);
    return image;
  }

  list(): FoundImage[] {
    return [...this.found];
  }
}

export function findImages(answer: unknown, base?: string): FoundImage[] {
  return findImagesAndUncertainUrls(answer, base).images;
}

/** `base`: the service's URL, against which relative image paths in the answer are resolved (see relativeImageUrl). */
export function findImagesAndUncertainUrls(answer: unknown, base?: string): { images: FoundImage[]; uncertain: UncertainUrl[] } {
  const found = new FoundImages();
  const uncertain: UncertainUrl[] = [];
  const stack: Frame[] = [{ value: answer, path: null, key: "", isInput: false }];
  while (stack.length > 0) {
    const frame = stack.pop();
    if (!frame || frame.isInput) continue;
    const { value, path: step, key } = frame;
    if (typeof value === "string") {
      const source = classifyString(value, key) ?? (base ? relativeImageUrl(value, key, base) : null);
      if (source) {
        found.add(source, pathText(step), key);
        continue;
      }
      // Neither known to be an image nor known not to be one: the browser may try it.
      const maybe = uncertain.length < MAX_UNCERTAIN_URLS ? (usableHttpUrl(value, key)?.href ?? null) : null;
      if (maybe) {
        uncertain.push({ path: pathText(step), url: maybe });
        continue;
      }
      const nested = parseJsonInString(value);
      if (nested.ok) {
        stack.push({ value: nested.value, path: { parent: step, segment: JSON_IN_STRING }, key, isInput: false });
        continue;
      }
      for (const finding of findInText(value, key)) {
        if ("source" in finding) found.add(finding.source, pathText(step), key, finding.offset);
        else if (uncertain.length < MAX_UNCERTAIN_URLS) uncertain.push({ path: pathText(step), url: finding.uncertain });
      }
      continue;
    }
    if (Array.isArray(value)) {
      const bytes = byteArrayImage(value);
      if (bytes) {
        found.add({ kind: "byte-array", ...bytes }, pathText(step), key);
        continue;
      }
      // Pushed in reverse so images come out in document order.
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], path: { parent: step, segment: index }, key, isInput: false });
      }
      continue;
    }
    if (typeof value === "object" && value !== null) {
      const entries = Object.entries(value);
      const indexed = indexKeyedBytes(entries);
      const bytes = indexed && byteArrayImage(indexed);
      if (bytes) {
        found.add({ kind: "byte-array", ...bytes }, pathText(step), key);
        continue;
      }
      for (let index = entries.length - 1; index >= 0; index--) {
        const entry = entries[index];
        if (!entry) continue;
        const [childKey, child] = entry;
        stack.push({ value: child, path: { parent: step, segment: childKey }, key: childKey, isInput: hasWord(childKey, INPUT_WORDS) });
      }
    }
  }
  const images = found.list();
  const known = new Set(images.flatMap((image) => (image.source.kind === "url" ? [image.source.url] : [])));
  return { images, uncertain: uncertain.filter((candidate) => !known.has(candidate.url)) };
}
