DROP INDEX "devices_owner_activated";--> statement-breakpoint
CREATE INDEX "devices_owner_activated" ON "devices" USING btree ("owner_cust_id","activated_at" DESC NULLS FIRST,"serial");