ALTER TABLE "generated_videos" ADD COLUMN "error_retryable" boolean;--> statement-breakpoint
ALTER TABLE "generated_videos" ADD COLUMN "deleted_at" timestamp with time zone;