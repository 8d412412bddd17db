/**
 * Prompt variants from one line: every `{a|b|c}` group is an alternation, and a line with several
 * groups expands to every combination, in reading order ("a {red|blue} fox {sleeping|running}" →
 * 4 prompts). Braces without a `|` inside stay as they are. Stops at `limit` so a line such as
 * "{a|b}{c|d}…" cannot build millions of strings before being refused.
 */
const ALTERNATION = /\{([^{}]*\|[^{}]*)\}/;

export function expandAlternations(line: string, limit: number): string[] {
  const match = ALTERNATION.exec(line);
  if (!match) return [line];
  const before = line.slice(0, match.index);
  const after = line.slice(match.index + match[0].length);
  const results: string[] = [];
  for (const choice of (match[1] ?? "").split("|")) {
    for (const rest of expandAlternations(after, limit - results.length)) {
      results.push(before + choice + rest);
      if (results.length >= limit) return results;
    }
  }
  return results;
}
