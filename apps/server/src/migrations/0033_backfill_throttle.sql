-- Hand-written (issue 35): the preview-image backfill walks only the cases still without an image, newest first
-- (scans.repository.ts queueMissingThumbnails). The index is on cases but serves the scans module's backfill, so it is
-- declared here only (drizzle declares indexes with their table's schema; nothing generated touches it).
CREATE INDEX IF NOT EXISTS "cases_thumbnail_missing" ON "cases" USING btree ("created_at","id") WHERE "cases"."thumbnail_key" is null and "cases"."crypto" = 0;--> statement-breakpoint
-- The backfill now keeps only a few jobs queued at a time: what an earlier version queued in bulk (every case without a
-- preview image, half a million on a large database) is dropped and queued again a few at a time.
DELETE FROM "scan_jobs" WHERE "state" = 'queued' AND "priority" = 1;
