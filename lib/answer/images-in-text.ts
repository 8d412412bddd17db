/**
 * Pictures mentioned inside a longer piece of text, as chat-style image models and home-made
 * services answer: Markdown images (`![alt](…)`), HTML `<img src="…">` (read as text, never
 * rendered), data URIs and plain http(s) URLs. Each comes with the character offset where its
 * address starts, so the page can say where in the string it was.
 *
 * The text is a service's answer, so every step is linear in its length: each search moves
 * forward, every pattern is bounded or anchored, and nothing is retried from every position of a
 * long run (an unbounded `[^>]*?` tried at each `<img` of a long answer is quadratic).
 */

export type TextMention = {
  offset: number;
  /** The address itself: a data URI or an http(s) URL. */
  address: string;
  /** "markup" when Markdown or HTML says it is an image; "bare" when the text only mentions the address. */
  said: "markup" | "bare";
};

const MAX_MENTIONS = 100;
/** How far a Markdown alt text, and an `<img` tag, may run before its end. */
const MAX_ALT_CHARS = 1000;
const MAX_TAG_CHARS = 2000;

const ADDRESS_START = /^(?:data:|https?:\/\/)/i;
const IMG_TAG_START = /<img\b/gi;
const SRC_ATTRIBUTE = /\bsrc\s*=\s*(["']?)/gi;
/** Bounded media type and parameters, so a failed start costs a few hundred steps at most. */
const DATA_URI = /data:[\w.+-]{1,100}\/[\w.+-]{1,100}(?:;[\w-]{1,64}=[^;,\s]{0,256}){0,8};base64,[A-Za-z0-9+/_-]+=*/gi;
const BARE_URL = /https?:\/\/[^\s"'<>()[\]{}`\\]+/gi;
/** Sentence punctuation that ends a mention rather than belonging to the URL. */
const TRAILING_PUNCTUATION = new Set([...".,;:!?*_~"]);

/** Cheap test before the scan: a string with neither can mention no picture. */
export function mayMentionImages(text: string): boolean {
  return text.includes("data:") || text.includes("http");
}

export function imagesInText(text: string): TextMention[] {
  const mentions: TextMention[] = [];
  const covered: [number, number][] = [];
  const isCovered = (offset: number) => covered.some(([start, end]) => offset >= start && offset < end);
  const add = (mention: TextMention) => {
    if (mentions.length >= MAX_MENTIONS || isCovered(mention.offset)) return;
    mentions.push(mention);
    covered.push([mention.offset, mention.offset + mention.address.length]);
  };

  for (const mention of markdownImages(text)) add(mention);
  for (const mention of htmlImages(text)) add(mention);
  for (const match of text.matchAll(DATA_URI)) add({ offset: match.index, address: match[0], said: "bare" });
  for (const match of text.matchAll(BARE_URL)) add({ offset: match.index, address: withoutTrailingPunctuation(match[0]), said: "bare" });
  return mentions.sort((a, b) => a.offset - b.offset);
}

/** The next index of `needle` at or after `from` (which only grows): each part of the text is searched once. */
function forwardFinder(text: string, needle: string): (from: number) => number {
  let found = -2;
  return (from) => {
    if (found === -1) return -1;
    if (found === -2 || found < from) found = text.indexOf(needle, from);
    return found;
  };
}

const isSpace = (character: string | undefined) => character !== undefined && /\s/.test(character);

/**
 * The end of the address that starts at `at`: up to a space or one of `stops`. The end found for a
 * run is reused for any later start inside the same run, so overlapping addresses are read once.
 */
function runEnds(text: string, stops: string): (at: number) => number {
  let runStart = -1;
  let runEnd = -1;
  return (at) => {
    if (at >= runStart && at < runEnd) return runEnd;
    let end = at;
    while (end < text.length && !stops.includes(text[end] ?? "") && !isSpace(text[end])) end += 1;
    runStart = at;
    runEnd = end;
    return end;
  };
}

function addressAt(text: string, at: number, endOf: (at: number) => number): string | null {
  if (!ADDRESS_START.test(text.slice(at, at + 8))) return null;
  const end = endOf(at);
  return end > at ? text.slice(at, end) : null;
}

/**
 * `![alt](address)`: the alt text holds no `]` or line break and is at most 1,000 characters. The
 * next `]` and line break are found once and shared by every `![` before them, and what follows a
 * `]` is read once however many `![` share it.
 */
function* markdownImages(text: string): Generator<TextMention> {
  const nextClose = forwardFinder(text, "]");
  const nextBreak = forwardFinder(text, "\n");
  const addressEnd = runEnds(text, ")>");
  let readClose = -1;
  let readResult: TextMention | null = null;
  for (let open = text.indexOf("!["); open !== -1; open = text.indexOf("![", open + 2)) {
    const altStart = open + 2;
    const close = nextClose(altStart);
    if (close === -1) return;
    const lineBreak = nextBreak(altStart);
    if (close - altStart > MAX_ALT_CHARS || (lineBreak !== -1 && lineBreak < close)) continue;
    if (readClose !== close) {
      readClose = close;
      readResult = markdownTarget(text, close, addressEnd);
    }
    if (readResult) yield readResult;
  }
}

function markdownTarget(text: string, close: number, addressEnd: (at: number) => number): TextMention | null {
  if (text[close + 1] !== "(") return null;
  let at = close + 2;
  while (isSpace(text[at])) at += 1;
  if (text[at] === "<") at += 1;
  const address = addressAt(text, at, addressEnd);
  return address ? { offset: at, address, said: "markup" } : null;
}

/** `<img … src="address" …>`: tags do not nest, so the next `<img` is looked for after this one ends. */
function* htmlImages(text: string): Generator<TextMention> {
  const nextEnd = forwardFinder(text, ">");
  IMG_TAG_START.lastIndex = 0;
  for (let start = IMG_TAG_START.exec(text); start; start = IMG_TAG_START.exec(text)) {
    const inside = start.index + start[0].length;
    const tagEnd = nextEnd(inside);
    const end = Math.min(tagEnd === -1 ? text.length : tagEnd, inside + MAX_TAG_CHARS);
    const mention = srcOf(text, inside, end);
    if (mention) yield mention;
    IMG_TAG_START.lastIndex = Math.max(end, inside);
  }
}

function srcOf(text: string, from: number, to: number): TextMention | null {
  const tag = text.slice(from, to);
  const addressEnd = runEnds(tag, `"'>`);
  SRC_ATTRIBUTE.lastIndex = 0;
  for (let match = SRC_ATTRIBUTE.exec(tag); match; match = SRC_ATTRIBUTE.exec(tag)) {
    const quote = match[1] ?? "";
    const at = match.index + match[0].length;
    const address = addressAt(tag, at, addressEnd);
    if (!address) continue;
    if (quote !== "" && tag[at + address.length] !== quote) continue;
    return { offset: from + at, address, said: "markup" };
  }
  return null;
}

function withoutTrailingPunctuation(address: string): string {
  let end = address.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(address[end - 1] ?? "")) end -= 1;
  return address.slice(0, end);
}
