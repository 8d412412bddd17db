ALTER TABLE "batch_rows" ADD COLUMN "answer" jsonb;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD COLUMN "answer_bytes" "bytea";