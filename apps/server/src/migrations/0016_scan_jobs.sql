CREATE TABLE "scan_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"type" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_key" text,
	"error_code" integer,
	"claimed_by" text,
	"heartbeat_at" timestamp with time zone,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "case_files" ADD COLUMN "converted_from" uuid;--> statement-breakpoint
ALTER TABLE "case_files" ADD COLUMN "conversion_type" text;--> statement-breakpoint
ALTER TABLE "case_files" ADD COLUMN "triangles" integer;--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD CONSTRAINT "scan_jobs_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD CONSTRAINT "scan_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scan_jobs_live" ON "scan_jobs" USING btree ("case_id","kind") WHERE "scan_jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "scan_jobs_claim" ON "scan_jobs" USING btree ("created_at") WHERE "scan_jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "scan_jobs_case" ON "scan_jobs" USING btree ("case_id","kind","created_at");--> statement-breakpoint
ALTER TABLE "case_files" ADD CONSTRAINT "case_files_converted_from_case_files_id_fk" FOREIGN KEY ("converted_from") REFERENCES "public"."case_files"("id") ON DELETE cascade ON UPDATE no action;