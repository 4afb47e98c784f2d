DROP INDEX "scan_jobs_claim";--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "scan_jobs_claim" ON "scan_jobs" USING btree ("priority","created_at") WHERE "scan_jobs"."state" in ('queued', 'running');