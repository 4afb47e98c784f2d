-- case_box_counts follows case_boxes: a live copy (deleted_at null) counts in its organization's box, or in its bin
-- when recycled_at is set. Row by row, in the same transaction as the change.
CREATE FUNCTION case_box_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE case_box_counts SET n = n - 1 WHERE cust_id = OLD.cust_id AND bin = (OLD.recycled_at IS NOT NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    INSERT INTO case_box_counts (cust_id, bin, n) VALUES (NEW.cust_id, NEW.recycled_at IS NOT NULL, 1)
    ON CONFLICT (cust_id, bin) DO UPDATE SET n = case_box_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER case_box_count AFTER INSERT OR DELETE OR UPDATE OF recycled_at, deleted_at ON case_boxes
FOR EACH ROW EXECUTE FUNCTION case_box_count();--> statement-breakpoint
INSERT INTO case_box_counts (cust_id, bin, n)
SELECT cust_id, recycled_at IS NOT NULL, count(*) FROM case_boxes WHERE deleted_at IS NULL GROUP BY 1, 2
ON CONFLICT (cust_id, bin) DO UPDATE SET n = excluded.n;
