ALTER TABLE "library_collections" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "library_collections" ADD COLUMN "link_expires_at" timestamp with time zone;