CREATE TABLE "case_boxes" (
	"case_id" uuid NOT NULL,
	"cust_id" uuid NOT NULL,
	"role" integer NOT NULL,
	"case_created_at" timestamp with time zone NOT NULL,
	"process_status" integer,
	"downloaded_at" timestamp with time zone,
	"recycle_id" uuid,
	"recycled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "case_boxes_case_id_cust_id_pk" PRIMARY KEY("case_id","cust_id")
);
--> statement-breakpoint
CREATE TABLE "case_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"format" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_cust_id" uuid NOT NULL,
	"sender_user_id" uuid,
	"device_id" uuid,
	"device_serial" text NOT NULL,
	"case_type" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"crypto" integer DEFAULT 0 NOT NULL,
	"ext" text DEFAULT '' NOT NULL,
	"patient_name" text NOT NULL,
	"sex" text,
	"age" integer,
	"doctor" text DEFAULT '' NOT NULL,
	"clinic" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"due_date" text,
	"remark" text DEFAULT '' NOT NULL,
	"teeth" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"upper_jaw" boolean DEFAULT false NOT NULL,
	"lower_jaw" boolean DEFAULT false NOT NULL,
	"design_requirement" text DEFAULT '' NOT NULL,
	"material" text DEFAULT '' NOT NULL,
	"tooth_color" text DEFAULT '' NOT NULL,
	"implant_type" text DEFAULT '' NOT NULL,
	"restoration_type" text DEFAULT '' NOT NULL,
	"software_version" text DEFAULT '' NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"upload_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "cases_upload_id_unique" UNIQUE("upload_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "case_boxes" ADD CONSTRAINT "case_boxes_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_boxes" ADD CONSTRAINT "case_boxes_cust_id_customers_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_files" ADD CONSTRAINT "case_files_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_sender_cust_id_customers_id_fk" FOREIGN KEY ("sender_cust_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_boxes_live" ON "case_boxes" USING btree ("cust_id","case_created_at" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "case_files_case" ON "case_files" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "cases_sender" ON "cases" USING btree ("sender_cust_id","created_at");--> statement-breakpoint
CREATE INDEX "cases_device" ON "cases" USING btree ("device_id");