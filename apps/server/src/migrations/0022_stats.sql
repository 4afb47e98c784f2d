CREATE TABLE "case_stats" (
	"cust_id" uuid NOT NULL,
	"grain" text NOT NULL,
	"partner_id" uuid NOT NULL,
	"device_serial" text NOT NULL,
	"period" date NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"orthodontics" integer DEFAULT 0 NOT NULL,
	"implant" integer DEFAULT 0 NOT NULL,
	"restoration" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"downloaded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "case_stats_cust_id_grain_partner_id_device_serial_period_pk" PRIMARY KEY("cust_id","grain","partner_id","device_serial","period")
);
--> statement-breakpoint
CREATE TABLE "stats_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"abnormal" integer,
	"difference" integer
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_preferences" ADD CONSTRAINT "stats_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The statistics rows one case copy adds to (see case_stats in stats.schema.ts): the organization's own rows
-- (partner 0…0: by day, by month, by month and scanner) when `own`, and the rows of the other party `partner`.
CREATE FUNCTION case_stat_keys(d date, serial text, partner uuid, own boolean)
RETURNS TABLE (grain text, partner_id uuid, device_serial text, period date)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.grain, v.partner_id, v.device_serial, v.period FROM (VALUES
    ('d', '00000000-0000-0000-0000-000000000000'::uuid, '', d),
    ('m', '00000000-0000-0000-0000-000000000000'::uuid, '', date_trunc('month', d)::date),
    ('m', '00000000-0000-0000-0000-000000000000'::uuid, serial, date_trunc('month', d)::date),
    ('d', partner, '', d),
    ('m', partner, '', date_trunc('month', d)::date),
    ('m', partner, serial, date_trunc('month', d)::date)
  ) v(grain, partner_id, device_serial, period)
  WHERE v.partner_id IS NOT NULL AND (own OR v.partner_id <> '00000000-0000-0000-0000-000000000000'::uuid)
$$;--> statement-breakpoint
-- New copies (one statement's rows, in key order so concurrent uploads lock shared rows in one order): each counts
-- for its organization (on the day the case was first uploaded, in that organization's time zone) with the party
-- it came from, and a received copy also counts for that party (sender, or the lab that forwarded it) with the
-- receiver, in the party's time zone. `case_stats_rebuild` below computes the same from all copies.
CREATE FUNCTION case_stats_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO case_stats AS s (cust_id, grain, partner_id, device_serial, period,
    total, orthodontics, implant, restoration, received, downloaded)
  SELECT x.stat_cust_id, k.grain, k.partner_id, k.device_serial, k.period, count(*),
    count(*) FILTER (WHERE x.case_type = 1), count(*) FILTER (WHERE x.case_type = 2),
    count(*) FILTER (WHERE x.case_type = 3), sum(x.received), sum(x.downloaded)
  FROM (
    SELECT b.cust_id AS stat_cust_id, true AS own,
      CASE WHEN b.role = 2 THEN coalesce(b.forwarded_by, c.sender_cust_id) END AS partner_id,
      (b.case_created_at AT TIME ZONE cu.time_zone)::date AS day, c.device_serial, c.case_type,
      (b.role = 2)::int AS received, (b.role = 2 AND b.downloaded_at IS NOT NULL)::int AS downloaded
    FROM new_boxes b JOIN cases c ON c.id = b.case_id JOIN customers cu ON cu.id = b.cust_id
    UNION ALL
    SELECT p.id, false, b.cust_id, (b.case_created_at AT TIME ZONE p.time_zone)::date, c.device_serial,
      c.case_type, 0, 0
    FROM new_boxes b JOIN cases c ON c.id = b.case_id
      JOIN customers p ON p.id = coalesce(b.forwarded_by, c.sender_cust_id)
    WHERE b.role = 2 AND p.id <> b.cust_id
  ) x CROSS JOIN LATERAL case_stat_keys(x.day, x.device_serial, x.partner_id, x.own) k
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (cust_id, grain, partner_id, device_serial, period) DO UPDATE SET
    total = s.total + excluded.total, orthodontics = s.orthodontics + excluded.orthodontics,
    implant = s.implant + excluded.implant, restoration = s.restoration + excluded.restoration,
    received = s.received + excluded.received, downloaded = s.downloaded + excluded.downloaded;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER case_stats_insert AFTER INSERT ON case_boxes REFERENCING NEW TABLE AS new_boxes
FOR EACH STATEMENT EXECUTE FUNCTION case_stats_insert();--> statement-breakpoint
-- A received copy downloaded for the first time counts as downloaded in its organization's rows.
CREATE FUNCTION case_stats_download() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO case_stats AS s (cust_id, grain, partner_id, device_serial, period, downloaded)
  SELECT n.cust_id, k.grain, k.partner_id, k.device_serial, k.period, count(*)
  FROM new_boxes n JOIN old_boxes o ON o.case_id = n.case_id AND o.cust_id = n.cust_id
    JOIN cases c ON c.id = n.case_id JOIN customers cu ON cu.id = n.cust_id
    CROSS JOIN LATERAL case_stat_keys((n.case_created_at AT TIME ZONE cu.time_zone)::date, c.device_serial,
      coalesce(n.forwarded_by, c.sender_cust_id), true) k
  WHERE n.role = 2 AND o.downloaded_at IS NULL AND n.downloaded_at IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (cust_id, grain, partner_id, device_serial, period) DO UPDATE SET
    downloaded = s.downloaded + excluded.downloaded;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER case_stats_download AFTER UPDATE ON case_boxes
REFERENCING OLD TABLE AS old_boxes NEW TABLE AS new_boxes
FOR EACH STATEMENT EXECUTE FUNCTION case_stats_download();--> statement-breakpoint
-- Recomputes one organization's rows (or every organization's, p_cust null) from the copies: after a change of its
-- time zone, or when the rows have drifted. Uploads and downloads wait (SHARE lock on case_boxes) until it commits.
CREATE FUNCTION case_stats_rebuild(p_cust uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE case_boxes IN SHARE MODE;
  DELETE FROM case_stats WHERE p_cust IS NULL OR cust_id = p_cust;
  INSERT INTO case_stats (cust_id, grain, partner_id, device_serial, period,
    total, orthodontics, implant, restoration, received, downloaded)
  SELECT x.stat_cust_id, k.grain, k.partner_id, k.device_serial, k.period, count(*),
    count(*) FILTER (WHERE x.case_type = 1), count(*) FILTER (WHERE x.case_type = 2),
    count(*) FILTER (WHERE x.case_type = 3), sum(x.received), sum(x.downloaded)
  FROM (
    SELECT b.cust_id AS stat_cust_id, true AS own,
      CASE WHEN b.role = 2 THEN coalesce(b.forwarded_by, c.sender_cust_id) END AS partner_id,
      (b.case_created_at AT TIME ZONE cu.time_zone)::date AS day, c.device_serial, c.case_type,
      (b.role = 2)::int AS received, (b.role = 2 AND b.downloaded_at IS NOT NULL)::int AS downloaded
    FROM case_boxes b JOIN cases c ON c.id = b.case_id JOIN customers cu ON cu.id = b.cust_id
    WHERE p_cust IS NULL OR b.cust_id = p_cust
    UNION ALL
    SELECT p.id, false, b.cust_id, (b.case_created_at AT TIME ZONE p.time_zone)::date, c.device_serial,
      c.case_type, 0, 0
    FROM case_boxes b JOIN cases c ON c.id = b.case_id
      JOIN customers p ON p.id = coalesce(b.forwarded_by, c.sender_cust_id)
    WHERE b.role = 2 AND p.id <> b.cust_id AND (p_cust IS NULL OR p.id = p_cust)
  ) x CROSS JOIN LATERAL case_stat_keys(x.day, x.device_serial, x.partner_id, x.own) k
  GROUP BY 1, 2, 3, 4, 5;
END
$$;--> statement-breakpoint
SELECT case_stats_rebuild(NULL);
