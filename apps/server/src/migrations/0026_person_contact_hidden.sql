-- A person's e-mail and phone are hidden from searches unless they turn them on (as an organization's privacy
-- hides its own). Existing settings are kept: only new accounts start hidden.
ALTER TABLE "users" ALTER COLUMN "search_email" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "search_phone" SET DEFAULT false;