CREATE TABLE "device_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"cust_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_code_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"cust_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_changes" ADD CONSTRAINT "device_changes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_changes_device" ON "device_changes" USING btree ("device_id","kind","at");--> statement-breakpoint
CREATE INDEX "device_code_attempts_serial" ON "device_code_attempts" USING btree ("serial","at");--> statement-breakpoint
CREATE INDEX "device_code_attempts_cust" ON "device_code_attempts" USING btree ("cust_id","at");--> statement-breakpoint
CREATE INDEX "device_auths_cust_live" ON "device_auths" USING btree ("cust_id","device_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "device_auths_from" ON "device_auths" USING btree ("from_cust_id","device_id");