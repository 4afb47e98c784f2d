-- The case box's keyword (a substring of the patient's or the doctor's name) through a trigram index, not a scan of
-- the organization's cases. pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it;
-- PGlite loads it from its contrib bundle (platform/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cases_search" ON "cases" USING gin ("patient_name" gin_trgm_ops, "doctor" gin_trgm_ops);
