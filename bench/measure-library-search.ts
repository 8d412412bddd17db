import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "@/lib/server/database/connection";
import { ANY_LIBRARY_QUERY, searchLibrary, type LibraryQuery } from "@/lib/server/library/library-store";

/**
 * The library's search at scale: RUNS runs by PEOPLE people seeded straight into the database (SQL,
 * not the UI), then searches as people make them (a word with a typo, two words, a model and a word,
 * a rating, the newest page) timed on a warm connection. Run in a process of its own with the
 * react-server condition: `node --conditions=react-server --import tsx bench/measure-library-search.ts <runs> [postgres url]`.
 * Prints { seedSeconds, searches: [{ kind, ms }…], matched: … } as JSON on its last line.
 */

const RUNS = Number(process.argv[2] ?? "100000");
const url = process.argv[3];
const PEOPLE = 50;
const SEARCHES_PER_KIND = 60;

const dataDir = url ? null : mkdtempSync(join(tmpdir(), "playground-bench-library-"));
const connection = await openDatabase(url ? { url } : { dataDir: dataDir ?? "" });

/** Prompts like a team's: subject, adjective and style words, a study number (so trigrams vary as they do in real text). */
const SUBJECTS = [
  "lighthouse",
  "red fox",
  "bowl of ramen",
  "glass teapot",
  "old tram",
  "koi pond",
  "mountain cabin",
  "city street",
  "paper boat",
  "desert rose",
  "snow owl",
  "robot gardener",
];
const ADJECTIVES = ["quiet", "stormy", "golden", "misty", "tiny", "ancient", "neon", "cozy", "abandoned", "floating"];
const STYLES = ["watercolor", "studio photo", "isometric", "charcoal sketch", "cinematic", "flat vector", "oil painting", "35mm film"];
const MODELS = ["model-a", "model-b", "model-c", "model-d"];
const RATIOS = ["1:1", "16:9", "9:16", "4:3"];

const literal = (values: readonly string[]) => `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]`;

async function seed(): Promise<number> {
  const started = performance.now();
  const { db } = connection;
  // Bulk load without the search indexes, then build them once (as a restore would).
  await db.execute(sql.raw("DROP INDEX IF EXISTS library_runs_prompt_words"));
  await db.execute(sql.raw("DROP INDEX IF EXISTS library_runs_prompt_trigrams"));
  const batch = 50_000;
  for (let from = 0; from < RUNS; from += batch) {
    const to = Math.min(RUNS, from + batch) - 1;
    await db.execute(
      sql.raw(`
      INSERT INTO library_runs (author, id, record, created_at, bytes, verdict_at)
      SELECT 'person-' || (i % ${PEOPLE}), 'run-' || i,
        jsonb_build_object(
          'id', 'run-' || i,
          'createdAt', (1735689600000 + i::bigint * 60000)::bigint,
          'request', jsonb_build_object(
            'model', (${literal(MODELS)})[1 + (i / 7) % 4],
            'prompt', 'a ' || (${literal(ADJECTIVES)})[1 + (i / 3) % 10] || ' ' || (${literal(SUBJECTS)})[1 + i % 12] || ', '
                      || (${literal(STYLES)})[1 + (i / 11) % 8] || ', study ' || i,
            'aspect_ratio', (${literal(RATIOS)})[1 + (i / 5) % 4]),
          'status', 'succeeded', 'statusText', '200 OK', 'durationMs', 4200, 'serviceUrl', 'https://images.example/v1/images/generations',
          'imageCount', 1, 'starred', ((i / ${PEOPLE}) % 17 = 0), 'warnings', '[]'::jsonb, 'thumbnailFile', 'thumbnail.webp', 'thumbnailUrl', null,
          'outcome', jsonb_build_object('kind', 'failed', 'message', 'seeded', 'totalMs', 4200))
          -- Each person rates one run in four and picks one in 23.
          || CASE WHEN (i / ${PEOPLE}) % 4 = 0 THEN jsonb_build_object('rating', 1 + (i / ${PEOPLE} / 4) % 5) ELSE '{}'::jsonb END
          || CASE WHEN (i / ${PEOPLE}) % 23 = 0 THEN jsonb_build_object('picked', true) ELSE '{}'::jsonb END,
        to_timestamp((1735689600000 + i::bigint * 60000) / 1000.0), 2000, 0
      FROM generate_series(${from}, ${to}) AS i`),
    );
  }
  await db.execute(
    sql.raw(`CREATE INDEX library_runs_prompt_words ON library_runs USING gin (author, to_tsvector('simple', coalesce(prompt, '')))`),
  );
  await db.execute(sql.raw(`CREATE INDEX library_runs_prompt_trigrams ON library_runs USING gin (author, prompt gin_trgm_ops)`));
  await db.execute(sql.raw("ANALYZE library_runs"));
  return (performance.now() - started) / 1000;
}

const BASE = ANY_LIBRARY_QUERY;

/** The searches people make, each a function of the sample's number (different people and words each time). */
const KINDS: Record<string, (n: number) => Partial<LibraryQuery>> = {
  "a word with a typo": (n) => ({ text: ["lighthuose", "ramne", "teapott", "koi pnd", "cabn", "gardner"][n % 6] ?? "" }),
  "two words": (n) => ({ text: ["red fox", "golden lighthouse", "misty koi", "neon city", "paper boat watercolor"][n % 5] ?? "" }),
  "a model and a word": (n) => ({ text: ["owl", "tram", "rose"][n % 3] ?? "", model: MODELS[n % 4] ?? null }),
  "rated 4 or more, best first": () => ({ minRating: 4, order: "rating" }),
  "the newest page": () => ({}),
};

const seedSeconds = await seed();
const searches: { kind: string; ms: number; found: number }[] = [];
try {
  for (let warm = 0; warm < 10; warm++) await searchLibrary(connection, `person-${warm}`, { ...BASE, text: "fox" });
  for (let n = 0; n < SEARCHES_PER_KIND; n++) {
    for (const [kind, make] of Object.entries(KINDS)) {
      const started = performance.now();
      const found = await searchLibrary(connection, `person-${n % PEOPLE}`, { ...BASE, ...make(n) });
      searches.push({ kind, ms: performance.now() - started, found: found.entries.length });
    }
  }
} finally {
  await connection.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify({ seedSeconds, searches }));
