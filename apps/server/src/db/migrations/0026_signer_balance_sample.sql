CREATE TABLE "signer_balance_sample" (
	"chain_id" integer NOT NULL,
	"signer" text NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"balance_wei" numeric(78, 0) NOT NULL,
	"gas_price_wei" numeric(78, 0) NOT NULL,
	CONSTRAINT "signer_balance_sample_chain_id_signer_sampled_at_pk" PRIMARY KEY("chain_id","signer","sampled_at")
);
