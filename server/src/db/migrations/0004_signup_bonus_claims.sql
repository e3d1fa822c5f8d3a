CREATE TABLE "signup_bonus_claims" (
	"user_id" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "signup_bonus_claims_status_check" CHECK ("signup_bonus_claims"."status" in ('pending', 'granted', 'capped'))
);
--> statement-breakpoint
ALTER TABLE "signup_bonus_claims" ADD CONSTRAINT "signup_bonus_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signup_bonus_claims_address_decided_idx" ON "signup_bonus_claims" USING btree ("address","decided_at");