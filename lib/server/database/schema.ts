import "server-only";
import { bigint, customType, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";

/** Drizzle's view of the tables that `migrations/*.sql` create (the SQL files are the source of truth). */

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

export const shares = pgTable("shares", {
  id: text("id").primaryKey(),
  ownerTokenHash: text("owner_token_hash").notNull(),
  sourceKey: text("source_key").notNull(),
  kind: text("kind", { enum: ["run", "grid"] }).notNull(),
  record: jsonb("record").notNull(),
  bytes: bigint("bytes", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
});

export const shareFiles = pgTable(
  "share_files",
  {
    shareId: text("share_id").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    data: bytea("data"),
  },
  (table) => [primaryKey({ columns: [table.shareId, table.name] })],
);

export const shareLibrary = pgTable("share_library", {
  id: integer("id").primaryKey(),
  bytes: bigint("bytes", { mode: "number" }).notNull(),
});

export const shareFeedback = pgTable("share_feedback", {
  id: text("id").primaryKey(),
  shareId: text("share_id").notNull(),
  author: text("author").notNull(),
  rating: smallint("rating"),
  comment: text("comment").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const serviceBaseForms = pgTable("service_base_forms", {
  root: text("root").primaryKey(),
  form: text("form", { enum: ["host", "api"] }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// `rate_limits` is read and written by rate-limiter-flexible's PostgreSQL store, not through Drizzle.

export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
