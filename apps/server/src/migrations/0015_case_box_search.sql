-- The box's keyword within one organization's copies (cases.repository listBoxes): case_boxes.search holds the
-- patient, the doctor and the other party's name(s), and one GIN index holds the organization's id (btree_gin, a
-- trusted extension like pg_trgm; PGlite loads it from its contrib bundle) and the trigrams of that text. The
-- global trigram index on cases and the receivers' partial index served the search before; both go.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "case_boxes_receiver";--> statement-breakpoint
DROP INDEX IF EXISTS "cases_search";--> statement-breakpoint
ALTER TABLE "case_boxes" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A copy's search text: the patient and the doctor, then for the sender's copy (role 1) its receivers' names, for a
-- received copy the sender's name.
CREATE FUNCTION case_box_search_text(p_case uuid, p_role integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', c.patient_name, c.doctor,
    CASE WHEN p_role = 1
      THEN (SELECT string_agg(m.name, ' ') FROM case_boxes r JOIN customers m ON m.id = r.cust_id
            WHERE r.case_id = p_case AND r.role <> 1)
      ELSE (SELECT m.name FROM customers m WHERE m.id = c.sender_cust_id) END)
  FROM cases c WHERE c.id = p_case
$$;--> statement-breakpoint
-- Before a copy is inserted: its text. After a receiver's copy is inserted: the sender's copy gets its name too.
CREATE FUNCTION case_box_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_WHEN = 'BEFORE' THEN
    NEW.search := coalesce(case_box_search_text(NEW.case_id, NEW.role), '');
    RETURN NEW;
  END IF;
  UPDATE case_boxes SET search = coalesce(case_box_search_text(case_id, role), '')
    WHERE case_id = NEW.case_id AND role = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER case_box_search BEFORE INSERT ON case_boxes
FOR EACH ROW EXECUTE FUNCTION case_box_search();--> statement-breakpoint
CREATE TRIGGER case_box_search_receiver AFTER INSERT ON case_boxes
FOR EACH ROW WHEN (NEW.role <> 1) EXECUTE FUNCTION case_box_search();--> statement-breakpoint
UPDATE case_boxes SET search = coalesce(case_box_search_text(case_id, role), '');--> statement-breakpoint
CREATE INDEX "case_boxes_search" ON "case_boxes" USING gin ("cust_id","search" gin_trgm_ops) WHERE deleted_at is null;
