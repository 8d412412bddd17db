import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

/**
 * Every table of the playground's database: the single source. The SQL migrations in `drizzle/`
 * are generated from this file (`npm run db:generate`) and `drizzle-kit check` guards them.
 * Constraint names are Postgres's own defaults, so databases made by the earlier hand-written
 * migrations (see migrate.ts) are the same database, name for name.
 */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * The library of shared runs and grids. A share's record is the run as the history export writes
 * it (run.json); its files live in their own table, so a page reads its record without them.
 */
export const shares = pgTable(
  "shares",
  {
    id: text("id").primaryKey(),
    ownerTokenHash: text("owner_token_hash").notNull(),
    /** The browser's own id for what was shared: sharing the same run twice gives the same link. */
    sourceKey: text("source_key").notNull(),
    kind: text("kind", { enum: ["run", "grid"] }).notNull(),
    record: jsonb("record").notNull(),
    /** Who shared it, when people sign in with a provider (its page says "by …"); else NULL. */
    authorName: text("author_name"),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("shares_owner_source").on(table.ownerTokenHash, table.sourceKey),
    // Purging finds expired shares that still hold data; an expired one keeps a tombstone (bytes 0).
    index("shares_expires_at")
      .on(table.expiresAt)
      .where(sql`${table.expiresAt} IS NOT NULL AND ${table.bytes} > 0`),
    check("shares_kind_check", sql`${table.kind} IN ('run', 'grid')`),
  ],
);

export const shareFiles = pgTable(
  "share_files",
  {
    shareId: text("share_id").notNull(),
    name: text("name").notNull(),
    /** An image type checked from the bytes, or application/octet-stream for anything else. */
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    /** The bytes on a PostgreSQL server; NULL with the embedded database (a folder beside it). */
    data: bytea("data"),
  },
  (table) => [
    primaryKey({ name: "share_files_pkey", columns: [table.shareId, table.name] }),
    foreignKey({ name: "share_files_share_id_fkey", columns: [table.shareId], foreignColumns: [shares.id] }).onDelete("cascade"),
  ],
);

/** One row: the library's total size, changed in the same transaction as every share. */
export const shareLibrary = pgTable(
  "share_library",
  {
    id: integer("id").primaryKey(),
    bytes: bigint("bytes", { mode: "number" }).notNull(),
  },
  (table) => [check("share_library_id_check", sql`${table.id} = 1`)],
);

/** Team feedback on a share, read newest first a page at a time and summed per share. */
export const shareFeedback = pgTable(
  "share_feedback",
  {
    id: text("id").primaryKey(),
    shareId: text("share_id").notNull(),
    author: text("author").notNull(),
    rating: smallint("rating"),
    comment: text("comment").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: "share_feedback_share_id_fkey", columns: [table.shareId], foreignColumns: [shares.id] }).onDelete("cascade"),
    index("share_feedback_newest").on(table.shareId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    check("share_feedback_rating_check", sql`${table.rating} BETWEEN 1 AND 5`),
  ],
);

/** The base form (host or api) that answered for a service root, so a new instance need not probe. */
export const serviceBaseForms = pgTable(
  "service_base_forms",
  {
    root: text("root").primaryKey(),
    form: text("form", { enum: ["host", "api"] }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("service_base_forms_form_check", sql`${table.form} IN ('host', 'api')`)],
);

/**
 * Rate limits and the sign-in throttle, shared by every instance on one PostgreSQL server, in the
 * layout rate-limiter-flexible's PostgreSQL store reads and writes (it is not queried through Drizzle).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 255 }).primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (table) => [index("rate_limits_expire").on(table.expire)],
);

/** Secrets the server makes for itself on first start (the session and poll-grant signing key). */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each author has spent in a period ("day:2026-11-25", "month:2026-11", UTC): images and the
 * estimated cost in millionths of the prices' currency. A generation reserves here before the
 * service is called and settles after (see budget-store.ts); the row lock makes that atomic.
 */
export const budgetSpend = pgTable(
  "budget_spend",
  {
    author: text("author").notNull(),
    period: text("period").notNull(),
    images: integer("images").notNull().default(0),
    costMicros: bigint("cost_micros", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ name: "budget_spend_pkey", columns: [table.author, table.period] })],
);

/** An admin's caps for one author, replacing the configured ones (a NULL column: the configured cap). */
export const budgetOverrides = pgTable("budget_overrides", {
  author: text("author").primaryKey(),
  imagesPerDay: integer("images_per_day"),
  imagesPerMonth: integer("images_per_month"),
  costMicrosPerMonth: bigint("cost_micros_per_month", { mode: "number" }),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who did what, append-only: sign-in, sign-out, generate, share, stop sharing, budget change,
 * token created/revoked. Rows older than PLAYGROUND_AUDIT_DAYS are purged; none is ever changed.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    action: text("action").notNull(),
    author: text("author").notNull(),
    authorName: text("author_name").notNull(),
    model: text("model"),
    aspectRatio: text("aspect_ratio"),
    /** The service's status for a generation (0: it never answered); null for other actions. */
    status: smallint("status"),
    images: integer("images"),
    costMicros: bigint("cost_micros", { mode: "number" }),
    currency: text("currency"),
    requestId: text("request_id"),
    /** Only with PLAYGROUND_AUDIT_PROMPTS=on. */
    prompt: text("prompt"),
    detail: text("detail"),
  },
  (table) => [
    index("audit_log_at").on(table.at),
    index("audit_log_author_at").on(table.author, table.at),
    check(
      "audit_log_action_check",
      sql`${table.action} IN ('sign-in', 'sign-out', 'generate', 'share', 'stop-sharing', 'budget-change', 'token-created', 'token-revoked')`,
    ),
  ],
);

/**
 * People who signed in with the company's OpenID Connect provider, by the provider's `sub`. Only
 * people the provider vouched for and the allow-lists let in are ever stored.
 */
export const people = pgTable(
  "people",
  {
    id: text("id").primaryKey(),
    email: text("email"),
    name: text("name").notNull(),
    role: text("role", { enum: ["admin", "member"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("people_role_check", sql`${table.role} IN ('admin', 'member')`)],
);

/**
 * Signed-in sessions, revocable: the cookie holds a random token, this table its SHA-256. Ending a
 * session deletes its row; "sign out everywhere" deletes all of a person's.
 */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    personId: text("person_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({ name: "sessions_person_id_fkey", columns: [table.personId], foreignColumns: [people.id] }).onDelete("cascade"),
    index("sessions_person").on(table.personId),
    index("sessions_expires_at").on(table.expiresAt),
  ],
);

/**
 * Personal API tokens for scripts: sent as `Authorization: Bearer pgt_…` to the generation API,
 * never accepted by pages. Only the SHA-256 of a token is kept; it is shown once when made.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    /** The author it acts for: a person's `sub`, or "team" behind the shared password. */
    author: text("author").notNull(),
    authorName: text("author_name").notNull(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("api_tokens_hash").on(table.tokenHash), index("api_tokens_author").on(table.author, table.createdAt)],
);

/** Orders every change to the library (a run kept, its verdict changed, a run deleted) for the change feed. */
export const libraryChangeSeq = pgSequence("library_change_seq");

/**
 * Each person's library: every run they made, kept on the server so it follows them from device to
 * device. A deleted run stays as a tombstone (no record, no files) so other devices learn of it.
 * The change feed reads rows past a cursor of (change_tx, change_seq), only from transactions older
 * than every one still under way, so a change that commits late is never skipped.
 */
export const libraryRuns = pgTable(
  "library_runs",
  {
    author: text("author").notNull(),
    id: text("id").notNull(),
    /** The run as the history export writes run.json, verdict included; NULL once deleted. */
    record: jsonb("record"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** The bytes of its files (0 once deleted): the person's usage. */
    bytes: bigint("bytes", { mode: "number" }).notNull(),
    /** When its star or verdict last changed, by the clock of the device that changed it (ms): the last change wins. */
    verdictAt: bigint("verdict_at", { mode: "number" }).notNull().default(0),
    changeTx: bigint("change_tx", { mode: "number" })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
    changeSeq: bigint("change_seq", { mode: "number" })
      .notNull()
      .default(sql`nextval('library_change_seq')`),
    // What search filters on, taken from the record by the database itself (NULL once deleted).
    prompt: text("prompt").generatedAlwaysAs(sql`(record #>> '{request,prompt}')`),
    model: text("model").generatedAlwaysAs(sql`(record #>> '{request,model}')`),
    aspectRatio: text("aspect_ratio").generatedAlwaysAs(sql`(record #>> '{request,aspect_ratio}')`),
    rating: smallint("rating").generatedAlwaysAs(sql`((record ->> 'rating')::smallint)`),
    picked: boolean("picked").generatedAlwaysAs(sql`(coalesce((record ->> 'picked')::boolean, false))`),
  },
  (table) => [
    primaryKey({ name: "library_runs_pkey", columns: [table.author, table.id] }),
    index("library_runs_changes").on(table.author, table.changeTx, table.changeSeq),
    // NULLS FIRST is what ORDER BY … DESC means: the index serves the query's order only if it matches it.
    index("library_runs_by_time")
      .on(table.author, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.record} IS NOT NULL`),
    // "Best rated first": the search's order when asked for, so a page is read in order, not sorted.
    index("library_runs_by_rating")
      .on(table.author, sql`coalesce(${table.rating}, 0) DESC`, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.record} IS NOT NULL`),
    // Prompt search within one author's runs: words (full text) and near spellings (trigrams);
    // pg_trgm and btree_gin (the author in a GIN index) come from migration 0009.
    index("library_runs_prompt_words").using("gin", table.author, sql`to_tsvector('simple', coalesce(${table.prompt}, ''))`),
    index("library_runs_prompt_trigrams").using("gin", table.author, table.prompt.op("gin_trgm_ops")),
  ],
);

/** Images and other files, stored once by the SHA-256 of their bytes, whoever's runs name them. */
export const libraryBlobs = pgTable("library_blobs", {
  hash: text("hash").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: integer("bytes").notNull(),
  /** The bytes on a PostgreSQL server; NULL with the embedded database (a folder beside it). */
  data: bytea("data"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The files a kept run names (its answer, images, thumbnail), each pointing at its bytes. */
export const libraryFiles = pgTable(
  "library_files",
  {
    author: text("author").notNull(),
    runId: text("run_id").notNull(),
    name: text("name").notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [
    primaryKey({ name: "library_files_pkey", columns: [table.author, table.runId, table.name] }),
    foreignKey({
      name: "library_files_run_fkey",
      columns: [table.author, table.runId],
      foreignColumns: [libraryRuns.author, libraryRuns.id],
    }).onDelete("cascade"),
    // No cascade: a file's bytes go only when nothing names them any more.
    foreignKey({ name: "library_files_hash_fkey", columns: [table.hash], foreignColumns: [libraryBlobs.hash] }),
    index("library_files_hash").on(table.hash),
  ],
);

/**
 * Named boards of runs ("Spring campaign"), made by one person. Private: only the owner and the
 * people given a role see it; team-visible: everyone signed in sees it, and people given the
 * editor role add and remove runs. The runs stay in their authors' libraries; a board names them.
 */
export const libraryCollections = pgTable(
  "library_collections",
  {
    id: text("id").primaryKey(),
    owner: text("owner").notNull(),
    ownerName: text("owner_name").notNull(),
    name: text("name").notNull(),
    visibility: text("visibility", { enum: ["private", "team"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The SHA-256 of its link for people outside it (read-only, like a share page); NULL: no link. */
    linkHash: text("link_hash"),
    /** When that link stops working; NULL: never. */
    linkExpiresAt: timestamp("link_expires_at", { withTimezone: true }),
  },
  (table) => [
    check("library_collections_visibility_check", sql`${table.visibility} IN ('private', 'team')`),
    index("library_collections_owner").on(table.owner, table.updatedAt),
    index("library_collections_team")
      .on(table.updatedAt)
      .where(sql`${table.visibility} = 'team'`),
  ],
);

/** The people a collection's owner gave a role: editors add and remove runs, viewers look. */
export const libraryCollectionMembers = pgTable(
  "library_collection_members",
  {
    collectionId: text("collection_id").notNull(),
    person: text("person").notNull(),
    role: text("role", { enum: ["editor", "viewer"] }).notNull(),
  },
  (table) => [
    primaryKey({ name: "library_collection_members_pkey", columns: [table.collectionId, table.person] }),
    foreignKey({
      name: "library_collection_members_collection_fkey",
      columns: [table.collectionId],
      foreignColumns: [libraryCollections.id],
    }).onDelete("cascade"),
    check("library_collection_members_role_check", sql`${table.role} IN ('editor', 'viewer')`),
    index("library_collection_members_person").on(table.person),
  ],
);

/** The runs on a collection, each by its author's library; a run deleted by its author leaves every collection. */
export const libraryCollectionItems = pgTable(
  "library_collection_items",
  {
    collectionId: text("collection_id").notNull(),
    author: text("author").notNull(),
    runId: text("run_id").notNull(),
    addedBy: text("added_by").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "library_collection_items_pkey", columns: [table.collectionId, table.author, table.runId] }),
    foreignKey({
      name: "library_collection_items_collection_fkey",
      columns: [table.collectionId],
      foreignColumns: [libraryCollections.id],
    }).onDelete("cascade"),
    index("library_collection_items_run").on(table.author, table.runId),
  ],
);

/**
 * Batches: lists of requests the server runs to the end with no page open (see lib/server/batches).
 * The batch's state and counts are what the Batches page and the API show; the rows are the truth
 * of what was sent and what came back, and which queue job may act on each row.
 */
export const batches = pgTable(
  "batches",
  {
    id: text("id").primaryKey(),
    author: text("author").notNull(),
    authorName: text("author_name").notNull(),
    name: text("name").notNull(),
    state: text("state", { enum: ["queued", "running", "paused", "done", "cancelled", "failed"] }).notNull(),
    /** Why a paused batch waits: the person paused it, or their budget is used (it resumes when it renews). */
    pausedFor: text("paused_for", { enum: ["person", "budget"] }),
    /** The budget's refusal in a sentence, while paused for it. */
    pauseDetail: text("pause_detail"),
    /** A batch paused for its budget tries again at this time (when the budget renews, or sooner: an admin may raise it). */
    resumeAt: timestamp("resume_at", { withTimezone: true }),
    concurrency: integer("concurrency").notNull(),
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    costMicros: bigint("cost_micros", { mode: "number" }).notNull().default(0),
    currency: text("currency"),
    /** The collection its runs go to, named after it. */
    collectionId: text("collection_id"),
    webhookUrl: text("webhook_url"),
    webhookSecret: text("webhook_secret"),
    /** What the webhook's last call came to ("200", or why it failed); NULL until it has been called. */
    webhookOutcome: text("webhook_outcome"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("batches_state_check", sql`${table.state} IN ('queued', 'running', 'paused', 'done', 'cancelled', 'failed')`),
    index("batches_author").on(table.author, table.createdAt),
    index("batches_unfinished")
      .on(table.state)
      .where(sql`${table.state} IN ('queued', 'running', 'paused')`),
  ],
);

/**
 * One request of a batch. `jobId` names the queue job that may act on it: a job delivered again
 * (after a crash, or superseded by a retry) whose id is no longer here does nothing. `attempts`
 * records every sending: when, and what came of it ("unknown" for one in flight at a crash).
 */
export const batchRows = pgTable(
  "batch_rows",
  {
    batchId: text("batch_id").notNull(),
    position: integer("position").notNull(),
    /** Where it was in what the person sent: a line of the CSV, or its place in the JSON array. */
    line: integer("line").notNull(),
    request: jsonb("request").notNull(),
    state: text("state", { enum: ["waiting", "sending", "done", "failed", "cancelled"] }).notNull(),
    jobId: text("job_id"),
    /** Not sent again before this (a service's Retry-After, or a backoff). */
    notBefore: timestamp("not_before", { withTimezone: true }),
    /** While sending: until when the instance sending it holds it; past it, its outcome is unknown. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    attempts: jsonb("attempts")
      .notNull()
      .default(sql`'[]'::jsonb`),
    runId: text("run_id"),
    /** The service's status of the last attempt (0: it never answered). */
    status: integer("status"),
    /** What the last attempt came to, in a sentence, for a failed row. */
    problem: text("problem"),
    /** The start of the service's answer to a failed row, as text (a done row's answer is in its run). */
    answerText: text("answer_text"),
    images: integer("images").notNull().default(0),
    costMicros: bigint("cost_micros", { mode: "number" }).notNull().default(0),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * While sending, once the service has answered: its answer, kept until the row's run is
     * recorded (see send-batch-row.ts). The row no longer counts against the batch's concurrency,
     * and a row whose server stopped before its run was recorded is recorded from it, not sent again.
     */
    answer: jsonb("answer"),
    /** The answer's bytes (its body), beside it. */
    answerBytes: bytea("answer_bytes"),
  },
  (table) => [
    primaryKey({ name: "batch_rows_pkey", columns: [table.batchId, table.position] }),
    foreignKey({ name: "batch_rows_batch_fkey", columns: [table.batchId], foreignColumns: [batches.id] }).onDelete("cascade"),
    check("batch_rows_state_check", sql`${table.state} IN ('waiting', 'sending', 'done', 'failed', 'cancelled')`),
    index("batch_rows_sending")
      .on(table.leaseUntil)
      .where(sql`${table.state} = 'sending'`),
    index("batch_rows_state").on(table.batchId, table.state),
    // The rows the runner must still give a queue job (new, resumed, retried, recovered): few, looked for often.
    index("batch_rows_unqueued")
      .on(table.batchId, table.position)
      .where(sql`${table.state} = 'waiting' AND ${table.jobId} IS NULL`),
  ],
);
