CREATE SEQUENCE "public"."library_change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "library_blobs" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"data" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_files" (
	"author" text NOT NULL,
	"run_id" text NOT NULL,
	"name" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "library_files_pkey" PRIMARY KEY("author","run_id","name")
);
--> statement-breakpoint
CREATE TABLE "library_runs" (
	"author" text NOT NULL,
	"id" text NOT NULL,
	"record" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"bytes" bigint NOT NULL,
	"verdict_at" bigint DEFAULT 0 NOT NULL,
	"change_tx" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"change_seq" bigint DEFAULT nextval('library_change_seq') NOT NULL,
	CONSTRAINT "library_runs_pkey" PRIMARY KEY("author","id")
);
--> statement-breakpoint
ALTER TABLE "library_files" ADD CONSTRAINT "library_files_run_fkey" FOREIGN KEY ("author","run_id") REFERENCES "public"."library_runs"("author","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_files" ADD CONSTRAINT "library_files_hash_fkey" FOREIGN KEY ("hash") REFERENCES "public"."library_blobs"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_files_hash" ON "library_files" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "library_runs_changes" ON "library_runs" USING btree ("author","change_tx","change_seq");--> statement-breakpoint
CREATE INDEX "library_runs_newest" ON "library_runs" USING btree ("author","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "library_runs"."record" IS NOT NULL;