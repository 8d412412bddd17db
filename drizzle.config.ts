import { defineConfig } from "drizzle-kit";

/** The database schema (one file) and the migrations generated from it. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/database/schema.ts",
  out: "./lib/server/database/drizzle",
});
