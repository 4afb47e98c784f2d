-- The case box's keyword in every language on every engine (issue 35). pg_trgm takes only what the database's
-- LC_CTYPE calls a letter or digit: the embedded PostgreSQL's database has LC_CTYPE C, so "Müller" gave the trigrams
-- of "m" and "ller", and a Cyrillic, Greek, Chinese, Japanese or Korean name none at all (the keyword then read every
-- copy of the organization). The index now holds the trigrams of a key of the search text: lower(), then its UTF-8
-- bytes with every byte beyond ASCII written as "q" and three octal digits (encode … 'escape', its backslash turned
-- into q; a backslash of the text becomes qq): letters and digits to pg_trgm whatever the LC_CTYPE, in C code only
-- (a few microseconds a row). The key only narrows the rows; `search ilike …` still decides (cases.repository
-- listBoxes), so what matches is as before.
CREATE FUNCTION case_box_search_key(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(encode(convert_to(lower(t), 'UTF8'), 'escape'), '\', 'q')
$$;--> statement-breakpoint
CREATE INDEX "case_boxes_search_key" ON "case_boxes" USING gin ("cust_id", case_box_search_key("search") gin_trgm_ops) WHERE deleted_at is null;--> statement-breakpoint
DROP INDEX "case_boxes_search";
