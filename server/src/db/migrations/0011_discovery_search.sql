-- Restaurant search (docs/discovery.md): dish names are matched anywhere in a word ("burg" finds
-- "Cheeseburger"), ignoring case and accents, through a trigram index. pg_trgm ships with
-- PostgreSQL (contrib, a trusted extension since 13) and with PGlite (loaded in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Lower case without the accents of Latin-1 and Latin Extended-A: the same folding as the places
-- search's ACCENT_FOLD (no unaccent extension needed). Immutable, so an index can be built on it.
CREATE FUNCTION "search_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower($1), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž', 'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzz')
$$;
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "neighbourhood" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The folded dish name, kept by PostgreSQL, and its trigram index: a scan compares plain text
-- instead of folding every name per query, and the planner's estimate then picks the index.
ALTER TABLE "menu_items" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (search_fold(name)) STORED;--> statement-breakpoint
CREATE INDEX "menu_items_name_search_idx" ON "menu_items" USING gin ("name_folded" gin_trgm_ops);