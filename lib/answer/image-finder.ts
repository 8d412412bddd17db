import { cleanBase64, decodeBase64Prefix, sniffImageMime } from "./image-signature";
import { formatJsonPath, JSON_IN_STRING, type PathSegment } from "./json-path";

/**
 * Finds the images in an answer of unknown shape (DESIGN §6): at any depth, in arrays of arrays,
 * inside JSON encoded in a string; as http(s) URLs, data:image URIs, or bare base64 whose bytes
 * are an image. Walks with an explicit stack so a hostile, deeply nested answer cannot overflow.
 */

export type ImageSource =
  | { kind: "url"; url: string }
  | { kind: "data-uri"; mime: string; data: string; base64: boolean }
  | { kind: "base64"; mime: string; base64: string };

export type FoundImage = { paths: string[]; source: ImageSource };

/** An http(s) URL with nothing saying it is a picture (no extension, no telling key): the page tries loading it. */
export type UncertainUrl = { path: string; url: string };

const MAX_UNCERTAIN_URLS = 50;

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i;
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

function classifyDataUri(text: string): ImageSource | null {
  const match = /^data:(image\/[\w.+-]+)((?:;[\w-]+=[^;,]*)*)(;base64)?,/i.exec(text);
  if (!match?.[1]) return null;
  return { kind: "data-uri", mime: match[1].toLowerCase(), data: text.slice(match[0].length), base64: Boolean(match[3]) };
}

function classifyBase64(text: string): ImageSource | null {
  if (text.length < 24) return null;
  const base64 = cleanBase64(text);
  if (!base64) return null;
  const mime = sniffImageMime(decodeBase64Prefix(base64, 24));
  return mime ? { kind: "base64", mime, base64 } : null;
}

function classifyString(text: string, key: string): ImageSource | null {
  const trimmed = text.trim();
  if (/^data:/i.test(trimmed)) return classifyDataUri(trimmed);
  if (/^https?:\/\//i.test(trimmed)) return classifyUrl(trimmed, key);
  return classifyBase64(trimmed);
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

function bytesIdentity(source: ImageSource): string {
  if (source.kind === "url") return `url:${source.url}`;
  return `bytes:${source.kind === "data-uri" ? source.data : source.base64}`;
}

/** A CDN copy of a URL (Discord's proxy_url, a proxy host): same path and file name, another host. */
function isProxyCopy(url: string, key: string): boolean {
  return keyWords(key).includes("proxy") || /(^|\.)proxy\./.test(new URL(url).hostname);
}

/** Collects found images, merging two listings of one picture into one entry with both paths. */
class FoundImages {
  private readonly byIdentity = new Map<string, FoundImage>();
  private readonly byUrlPath = new Map<string, { image: FoundImage; proxy: boolean }>();

  add(source: ImageSource, path: string, key: string): void {
    const identity = bytesIdentity(source);
    const same = this.byIdentity.get(identity);
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
      const image = { paths: [path], source };
      this.byIdentity.set(identity, image);
      if (!sibling) this.byUrlPath.set(urlPath, { image, proxy });
      return;
    }
    this.byIdentity.set(identity, { paths: [path], source });
  }

  list(): FoundImage[] {
    return [...this.byIdentity.values()];
  }
}

export function findImages(answer: unknown): FoundImage[] {
  return findImagesAndUncertainUrls(answer).images;
}

export function findImagesAndUncertainUrls(answer: unknown): { images: FoundImage[]; uncertain: UncertainUrl[] } {
  const found = new FoundImages();
  const uncertain: UncertainUrl[] = [];
  const stack: Frame[] = [{ value: answer, path: null, key: "", isInput: false }];
  while (stack.length > 0) {
    const frame = stack.pop();
    if (!frame || frame.isInput) continue;
    const { value, path: step, key } = frame;
    if (typeof value === "string") {
      const source = classifyString(value, key);
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
      if (nested.ok) stack.push({ value: nested.value, path: { parent: step, segment: JSON_IN_STRING }, key, isInput: false });
      continue;
    }
    if (Array.isArray(value)) {
      // Pushed in reverse so images come out in document order.
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], path: { parent: step, segment: index }, key, isInput: false });
      }
      continue;
    }
    if (typeof value === "object" && value !== null) {
      const entries = Object.entries(value);
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
