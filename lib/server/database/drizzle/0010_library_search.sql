ALTER TABLE "library_runs" ADD COLUMN "prompt" text GENERATED ALWAYS AS ((record #>> '{request,prompt}')) STORED;--> statement-breakpoint
ALTER TABLE "library_runs" ADD COLUMN "model" text GENERATED ALWAYS AS ((record #>> '{request,model}')) STORED;--> statement-breakpoint
ALTER TABLE "library_runs" ADD COLUMN "aspect_ratio" text GENERATED ALWAYS AS ((record #>> '{request,aspect_ratio}')) STORED;--> statement-breakpoint
ALTER TABLE "library_runs" ADD COLUMN "rating" smallint GENERATED ALWAYS AS (((record ->> 'rating')::smallint)) STORED;--> statement-breakpoint
ALTER TABLE "library_runs" ADD COLUMN "picked" boolean GENERATED ALWAYS AS ((coalesce((record ->> 'picked')::boolean, false))) STORED;--> statement-breakpoint
CREATE INDEX "library_runs_prompt_words" ON "library_runs" USING gin ("author",to_tsvector('simple', coalesce("prompt", '')));--> statement-breakpoint
CREATE INDEX "library_runs_prompt_trigrams" ON "library_runs" USING gin ("author","prompt" gin_trgm_ops);