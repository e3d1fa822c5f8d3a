CREATE TABLE "video_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"input_hash" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"playlist" text,
	"duration_s" real,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "video_previews_status_check" CHECK ("video_previews"."status" in ('queued', 'rendering', 'ready', 'error')),
	CONSTRAINT "video_previews_type_check" CHECK ("video_previews"."type" in ('faceless-ai', 'green-screen', 'reddit', 'text-hook', 'ugc-ads'))
);
--> statement-breakpoint
ALTER TABLE "video_previews" ADD CONSTRAINT "video_previews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_previews_user_created_idx" ON "video_previews" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "video_previews_user_hash_idx" ON "video_previews" USING btree ("user_id","input_hash");