CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"row_count" integer NOT NULL,
	"cost" integer NOT NULL,
	"api_key_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_type_check" CHECK ("batches"."type" in ('faceless-ai', 'green-screen', 'reddit', 'text-hook', 'ugc-ads')),
	CONSTRAINT "batches_row_count_check" CHECK ("batches"."row_count" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "generated_videos" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "generated_videos" ADD COLUMN "batch_row" integer;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batches_user_created_idx" ON "batches" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "generated_videos" ADD CONSTRAINT "generated_videos_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_videos_batch_idx" ON "generated_videos" USING btree ("batch_id","batch_row") WHERE "generated_videos"."batch_id" is not null;