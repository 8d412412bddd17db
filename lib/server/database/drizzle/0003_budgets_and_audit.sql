CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"author" text NOT NULL,
	"author_name" text NOT NULL,
	"model" text,
	"aspect_ratio" text,
	"status" smallint,
	"images" integer,
	"cost_micros" bigint,
	"currency" text,
	"request_id" text,
	"prompt" text,
	"detail" text,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" IN ('sign-in', 'sign-out', 'generate', 'share', 'stop-sharing', 'budget-change', 'token-created', 'token-revoked'))
);
--> statement-breakpoint
CREATE TABLE "budget_overrides" (
	"author" text PRIMARY KEY NOT NULL,
	"images_per_day" integer,
	"images_per_month" integer,
	"cost_micros_per_month" bigint,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_spend" (
	"author" text NOT NULL,
	"period" text NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "budget_spend_pkey" PRIMARY KEY("author","period")
);
--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_author_at" ON "audit_log" USING btree ("author","at");