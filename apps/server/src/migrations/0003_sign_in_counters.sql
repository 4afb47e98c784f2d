CREATE TABLE "sign_in_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
