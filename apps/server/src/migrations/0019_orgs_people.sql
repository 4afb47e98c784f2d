CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"cust_id" uuid,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cooperations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cust_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"invited_by" uuid,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cust_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid
);
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "case_boxes" ADD COLUMN "forwarded_to" uuid;--> statement-breakpoint
ALTER TABLE "case_boxes" ADD COLUMN "forwarded_by" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "audit_reason" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "audited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "audited_by" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_phone" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_name" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "introduction" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "font_color" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "share_color" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "share_pictures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "share_video" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "logo" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "background" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_phone" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "case_email_notice" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "equip_email_notice" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_cust_id_customers_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperations" ADD CONSTRAINT "cooperations_applicant_id_customers_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperations" ADD CONSTRAINT "cooperations_partner_id_customers_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperations" ADD CONSTRAINT "cooperations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cooperations" ADD CONSTRAINT "cooperations_closed_by_customers_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_cust_id_customers_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_cust_id_customers_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_cust" ON "attachments" USING btree ("cust_id","kind");--> statement-breakpoint
CREATE INDEX "attachments_user" ON "attachments" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "cooperations_applicant" ON "cooperations" USING btree ("applicant_id","state");--> statement-breakpoint
CREATE INDEX "cooperations_partner" ON "cooperations" USING btree ("partner_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "cooperations_live_pair" ON "cooperations" USING btree (least("applicant_id", "partner_id"),greatest("applicant_id", "partner_id")) WHERE state in (0, 1);--> statement-breakpoint
CREATE INDEX "invitations_cust" ON "invitations" USING btree ("cust_id","created_at");--> statement-breakpoint
CREATE INDEX "join_requests_cust" ON "join_requests" USING btree ("cust_id","state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "join_requests_pending" ON "join_requests" USING btree ("cust_id","user_id") WHERE state = 0;--> statement-breakpoint
ALTER TABLE "case_boxes" ADD CONSTRAINT "case_boxes_forwarded_to_customers_id_fk" FOREIGN KEY ("forwarded_to") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_boxes" ADD CONSTRAINT "case_boxes_forwarded_by_customers_id_fk" FOREIGN KEY ("forwarded_by") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_parent_id_customers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;