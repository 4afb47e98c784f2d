CREATE TABLE "case_box_counts" (
	"cust_id" uuid NOT NULL,
	"bin" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "case_box_counts_cust_id_bin_pk" PRIMARY KEY("cust_id","bin")
);
