CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "service_base_forms" (
	"root" text PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_base_forms_form_check" CHECK ("service_base_forms"."form" IN ('host', 'api'))
);
--> statement-breakpoint
CREATE TABLE "share_feedback" (
	"id" text PRIMARY KEY NOT NULL,
	"share_id" text NOT NULL,
	"author" text NOT NULL,
	"rating" smallint,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_feedback_rating_check" CHECK ("share_feedback"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "share_files" (
	"share_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"data" "bytea",
	CONSTRAINT "share_files_pkey" PRIMARY KEY("share_id","name")
);
--> statement-breakpoint
CREATE TABLE "share_library" (
	"id" integer PRIMARY KEY NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "share_library_id_check" CHECK ("share_library"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_token_hash" text NOT NULL,
	"source_key" text NOT NULL,
	"kind" text NOT NULL,
	"record" jsonb NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "shares_kind_check" CHECK ("shares"."kind" IN ('run', 'grid'))
);
--> statement-breakpoint
ALTER TABLE "share_feedback" ADD CONSTRAINT "share_feedback_share_id_fkey" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_files" ADD CONSTRAINT "share_files_share_id_fkey" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limits_expire" ON "rate_limits" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "share_feedback_newest" ON "share_feedback" USING btree ("share_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "shares_owner_source" ON "shares" USING btree ("owner_token_hash","source_key");--> statement-breakpoint
CREATE INDEX "shares_expires_at" ON "shares" USING btree ("expires_at") WHERE "shares"."expires_at" IS NOT NULL AND "shares"."bytes" > 0;