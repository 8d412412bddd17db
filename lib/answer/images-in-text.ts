/**
 * Pictures mentioned inside a longer piece of text, as chat-style image models and home-made
 * services answer: Markdown images (`![alt](…)`), HTML `<img src="…">` (read as text, never
 * rendered), data URIs and plain http(s) URLs. Each comes with the character offset where its
 * address starts, so the page can say where in the string it was.
 */

export type TextMention = {
  offset: number;
  /** The address itself: a data URI or an http(s) URL. */
  address: string;
  /** "markup" when Markdown or HTML says it is an image; "bare" when the text only mentions the address. */
  said: "markup" | "bare";
};

const MAX_MENTIONS = 100;

const MARKDOWN_IMAGE = /!\[[^\]\n]{0,1000}\]\(\s*<?(?=(?:data:|https?:\/\/))([^)\s>]+)/gi;
const HTML_IMAGE = /<img\b[^>]{0,2000}?\bsrc\s*=\s*(["']?)(?=(?:data:|https?:\/\/))([^"'\s>]+)\1/gi;
const DATA_URI = /data:[\w.+-]+\/[\w.+-]+(?:;[\w-]+=[^;,\s]*)*;base64,[A-Za-z0-9+/_-]+=*/gi;
const BARE_URL = /https?:\/\/[^\s"'<>()[\]{}`\\]+/gi;
/** Sentence punctuation that ends a mention rather than belonging to the URL. */
const TRAILING_PUNCTUATION = /[.,;:!?*_~]+$/;

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

  for (const pattern of [MARKDOWN_IMAGE, HTML_IMAGE]) {
    for (const match of text.matchAll(pattern)) {
      const address = match[match.length - 1];
      if (address) add({ offset: (match.index ?? 0) + match[0].lastIndexOf(address), address, said: "markup" });
    }
  }
  for (const match of text.matchAll(DATA_URI)) add({ offset: match.index ?? 0, address: match[0], said: "bare" });
  for (const match of text.matchAll(BARE_URL)) {
    const address = match[0].replace(TRAILING_PUNCTUATION, "");
    add({ offset: match.index ?? 0, address, said: "bare" });
  }
  return mentions.sort((a, b) => a.offset - b.offset);
}
