-- Extensions for the library's prompt search: pg_trgm matches near spellings (typo tolerance),
-- btree_gin lets one GIN index hold the author beside the prompt, so a search reads only that
-- person's entries. Both ship with PostgreSQL's contrib modules and are trusted extensions (the
-- database's owner may create them); the embedded database loads them as PGlite extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
