CREATE TABLE "batch_rows" (
	"batch_id" text NOT NULL,
	"position" integer NOT NULL,
	"line" integer NOT NULL,
	"request" jsonb NOT NULL,
	"state" text NOT NULL,
	"job_id" text,
	"not_before" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"run_id" text,
	"status" integer,
	"problem" text,
	"answer_text" text,
	"images" integer DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "batch_rows_pkey" PRIMARY KEY("batch_id","position"),
	CONSTRAINT "batch_rows_state_check" CHECK ("batch_rows"."state" IN ('waiting', 'sending', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" text PRIMARY KEY NOT NULL,
	"author" text NOT NULL,
	"author_name" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"paused_for" text,
	"pause_detail" text,
	"resume_at" timestamp with time zone,
	"concurrency" integer NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"currency" text,
	"collection_id" text,
	"webhook_url" text,
	"webhook_secret" text,
	"webhook_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "batches_state_check" CHECK ("batches"."state" IN ('queued', 'running', 'paused', 'done', 'cancelled', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_fkey" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_rows_sending" ON "batch_rows" USING btree ("lease_until") WHERE "batch_rows"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "batch_rows_state" ON "batch_rows" USING btree ("batch_id","state");--> statement-breakpoint
CREATE INDEX "batch_rows_unqueued" ON "batch_rows" USING btree ("batch_id","position") WHERE "batch_rows"."state" = 'waiting' AND "batch_rows"."job_id" IS NULL;--> statement-breakpoint
CREATE INDEX "batches_author" ON "batches" USING btree ("author","created_at");--> statement-breakpoint
CREATE INDEX "batches_unfinished" ON "batches" USING btree ("state") WHERE "batches"."state" IN ('queued', 'running', 'paused');