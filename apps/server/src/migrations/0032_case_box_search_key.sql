-- The case box's keyword in every language on every engine (issue 35). pg_trgm takes only what the database's
-- LC_CTYPE calls a letter or digit: the embedded PostgreSQL's database has LC_CTYPE C, so "Müller" gave the trigrams
-- of "m" and "ller", and a Cyrillic, Greek, Chinese, Japanese or Korean name none at all (the keyword then read every
-- copy of the organization). The index now holds the trigrams of a key of the search text in which every character
-- beyond ASCII is written as "q" and its code point in hex, after lower(): letters to pg_trgm whatever the LC_CTYPE.
-- The key only narrows the rows; `search ilike …` still decides (cases.repository listBoxes), so what matches is as
-- before. A text of ASCII alone is its own key (lowered), without the per-character work.
CREATE FUNCTION case_box_search_key(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN lower(t) !~ '[^\x01-\x7f]' THEN lower(t) ELSE (
    SELECT string_agg(CASE WHEN ascii(c) < 128 THEN c ELSE 'q' || to_hex(ascii(c)) END, '' ORDER BY n)
    FROM unnest(string_to_array(lower(t), NULL)) WITH ORDINALITY AS u(c, n)) END
$$;--> statement-breakpoint
CREATE INDEX "case_boxes_search_key" ON "case_boxes" USING gin ("cust_id", case_box_search_key("search") gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
DROP INDEX "case_boxes_search";
