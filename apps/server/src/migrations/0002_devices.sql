CREATE TABLE "device_auths" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"cust_id" uuid NOT NULL,
	"from_cust_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_receivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"case_type" integer NOT NULL,
	"cust_id" uuid NOT NULL,
	"memo" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_cust_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_registry" (
	"serial" text PRIMARY KEY NOT NULL,
	"bind_code" text NOT NULL,
	"area" text DEFAULT 'default' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" uuid NOT NULL,
	"created_by_cust_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"name" text NOT NULL,
	"memo" text,
	"encrypt_type" integer DEFAULT 1 NOT NULL,
	"scan_type" text DEFAULT 'ply' NOT NULL,
	"owner_cust_id" uuid NOT NULL,
	"bound_by" uuid,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_auths" ADD CONSTRAINT "device_auths_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_auths" ADD CONSTRAINT "device_auths_cust_id_customers_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_auths" ADD CONSTRAINT "device_auths_from_cust_id_customers_id_fk" FOREIGN KEY ("from_cust_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_auths" ADD CONSTRAINT "device_auths_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_receivers" ADD CONSTRAINT "device_receivers_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_receivers" ADD CONSTRAINT "device_receivers_cust_id_customers_id_fk" FOREIGN KEY ("cust_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_receivers" ADD CONSTRAINT "device_receivers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_receivers" ADD CONSTRAINT "device_receivers_created_by_cust_id_customers_id_fk" FOREIGN KEY ("created_by_cust_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_users" ADD CONSTRAINT "device_users_created_by_cust_id_customers_id_fk" FOREIGN KEY ("created_by_cust_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_serial_device_registry_serial_fk" FOREIGN KEY ("serial") REFERENCES "public"."device_registry"("serial") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_owner_cust_id_customers_id_fk" FOREIGN KEY ("owner_cust_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_bound_by_users_id_fk" FOREIGN KEY ("bound_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_auths_device" ON "device_auths" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "device_auths_cust" ON "device_auths" USING btree ("cust_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_auths_one_active" ON "device_auths" USING btree ("device_id","cust_id") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "device_receivers_one" ON "device_receivers" USING btree ("device_id","case_type","cust_id");--> statement-breakpoint
CREATE INDEX "device_receivers_cust" ON "device_receivers" USING btree ("cust_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_users_one" ON "device_users" USING btree ("device_id","user_id");--> statement-breakpoint
CREATE INDEX "device_users_user" ON "device_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial" ON "devices" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "devices_owner" ON "devices" USING btree ("owner_cust_id");