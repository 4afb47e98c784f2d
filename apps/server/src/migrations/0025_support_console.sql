CREATE TABLE "help_article_texts" (
	"article_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"plain" text NOT NULL,
	CONSTRAINT "help_article_texts_article_id_lang_pk" PRIMARY KEY("article_id","lang")
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "release_note_images" (
	"type" integer NOT NULL,
	"version" text NOT NULL,
	"name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_note_images_type_version_name_pk" PRIMARY KEY("type","version","name")
);
--> statement-breakpoint
CREATE TABLE "release_notes" (
	"type" integer NOT NULL,
	"version" text NOT NULL,
	"release_type" integer DEFAULT 1 NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "release_notes_type_version_pk" PRIMARY KEY("type","version")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_reset_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "help_article_texts" ADD CONSTRAINT "help_article_texts_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_note_images" ADD CONSTRAINT "release_note_images_type_version_release_notes_type_version_fk" FOREIGN KEY ("type","version") REFERENCES "public"."release_notes"("type","version") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "audit_cust_id" ON "audit_log" USING btree ("actor_cust_id","id");--> statement-breakpoint
CREATE INDEX "audit_action_id" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_at" ON "audit_log" USING btree ("at");