/**
 * Word-by-word differences between two prompts (longest common subsequence of words). Each side
 * comes back as its own words and spaces, the words that the other side lacks marked `changed`.
 */

export type DiffToken = { text: string; changed: boolean };

function tokens(text: string): string[] {
  return text.split(/(\s+)/).filter((token) => token !== "");
}

const isSpace = (token: string) => /^\s+$/.test(token);

export function diffWords(before: string, after: string): { before: DiffToken[]; after: DiffToken[] } {
  const a = tokens(before);
  const b = tokens(after);
  const wordsA = a.filter((token) => !isSpace(token));
  const wordsB = b.filter((token) => !isSpace(token));
  // lengths[i][j]: common words of wordsA from i on and wordsB from j on.
  const lengths = Array.from({ length: wordsA.length + 1 }, () => new Uint16Array(wordsB.length + 1));
  for (let i = wordsA.length - 1; i >= 0; i--) {
    for (let j = wordsB.length - 1; j >= 0; j--) {
      const row = lengths[i] as Uint16Array;
      const below = lengths[i + 1] as Uint16Array;
      row[j] = wordsA[i] === wordsB[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const keptA = new Set<number>();
  const keptB = new Set<number>();
  for (let i = 0, j = 0; i < wordsA.length && j < wordsB.length;) {
    if (wordsA[i] === wordsB[j]) {
      keptA.add(i++);
      keptB.add(j++);
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) {
      i++;
    } else {
      j++;
    }
  }
  return { before: mark(a, keptA), after: mark(b, keptB) };
}

function mark(all: string[], kept: Set<number>): DiffToken[] {
  let wordIndex = 0;
  return all.map((text) => (isSpace(text) ? { text, changed: false } : { text, changed: !kept.has(wordIndex++) }));
}
