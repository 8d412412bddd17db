CREATE TABLE "library_collection_items" (
	"collection_id" text NOT NULL,
	"author" text NOT NULL,
	"run_id" text NOT NULL,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_collection_items_pkey" PRIMARY KEY("collection_id","author","run_id")
);
--> statement-breakpoint
CREATE TABLE "library_collection_members" (
	"collection_id" text NOT NULL,
	"person" text NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "library_collection_members_pkey" PRIMARY KEY("collection_id","person"),
	CONSTRAINT "library_collection_members_role_check" CHECK ("library_collection_members"."role" IN ('editor', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "library_collections" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"owner_name" text NOT NULL,
	"name" text NOT NULL,
	"visibility" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_collections_visibility_check" CHECK ("library_collections"."visibility" IN ('private', 'team'))
);
--> statement-breakpoint
ALTER TABLE "library_collection_items" ADD CONSTRAINT "library_collection_items_collection_fkey" FOREIGN KEY ("collection_id") REFERENCES "public"."library_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_collection_members" ADD CONSTRAINT "library_collection_members_collection_fkey" FOREIGN KEY ("collection_id") REFERENCES "public"."library_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_collection_items_run" ON "library_collection_items" USING btree ("author","run_id");--> statement-breakpoint
CREATE INDEX "library_collection_members_person" ON "library_collection_members" USING btree ("person");--> statement-breakpoint
CREATE INDEX "library_collections_owner" ON "library_collections" USING btree ("owner","updated_at");--> statement-breakpoint
CREATE INDEX "library_collections_team" ON "library_collections" USING btree ("updated_at") WHERE "library_collections"."visibility" = 'team';