CREATE TABLE "case_design_notes" (
	"case_id" uuid NOT NULL,
	"cust_id" uuid NOT NULL,
	"note" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_design_notes_case_id_cust_id_pk" PRIMARY KEY("case_id","cust_id")
);
--> statement-breakpoint
CREATE TABLE "case_designs" (
	"case_id" uuid PRIMARY KEY NOT NULL,
	"teeth" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bridges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"case_id" uuid NOT NULL,
	"cust_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "report_shares_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "case_order_forms" (
	"case_id" uuid NOT NULL,
	"cust_id" uuid NOT NULL,
	"form_version_id" uuid NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "case_order_forms_case_id_cust_id_pk" PRIMARY KEY("case_id","cust_id")
);
--> statement-breakpoint
CREATE TABLE "order_form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cust_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_forms" (
	"cust_id" uuid PRIMARY KEY NOT NULL,
	"draft" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD COLUMN "requested_cust" uuid;--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "page_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "page_compare" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "page_builder" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "case_design_notes" ADD CONSTRAINT "case_design_notes_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_design_notes" ADD CONSTRAINT "case_design_notes_cust_id_customers_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_design_notes" ADD CONSTRAINT "case_design_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_designs" ADD CONSTRAINT "case_designs_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_designs" ADD CONSTRAINT "case_designs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_shares" ADD CONSTRAINT "report_shares_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_shares" ADD CONSTRAINT "report_shares_cust_id_customers_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_shares" ADD CONSTRAINT "report_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_order_forms" ADD CONSTRAINT "case_order_forms_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_order_forms" ADD CONSTRAINT "case_order_forms_cust_id_customers_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_order_forms" ADD CONSTRAINT "case_order_forms_form_version_id_order_form_versions_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."order_form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_form_versions" ADD CONSTRAINT "order_form_versions_cust_id_customers_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_form_versions" ADD CONSTRAINT "order_form_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_forms" ADD CONSTRAINT "order_forms_cust_id_customers_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_forms" ADD CONSTRAINT "order_forms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_shares_case" ON "report_shares" USING btree ("case_id","cust_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_form_versions_version" ON "order_form_versions" USING btree ("cust_id","version");--> statement-breakpoint
ALTER TABLE "scan_jobs" ADD CONSTRAINT "scan_jobs_requested_cust_customers_id_fk" FOREIGN KEY ("requested_cust") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;