ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "credits" DROP CONSTRAINT "credits_spend_sign";--> statement-breakpoint
ALTER TABLE "credits" DROP CONSTRAINT "credits_source_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "billing_interval" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "success_path" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancel_path" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_interval" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_interval" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "credits_cycle_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "credits_cycle_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "current_period_paid" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN "plan_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_credits_cycle_end_idx" ON "subscriptions" USING btree ("credits_cycle_end");--> statement-breakpoint
CREATE INDEX "subscriptions_current_period_end_idx" ON "subscriptions" USING btree ("current_period_end");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credits_check" CHECK ("payments"."credits" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amounts_check" CHECK ("payments"."discount_cents" >= 0 and "payments"."amount_cents" = "payments"."subtotal_cents" - "payments"."discount_cents");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_billing_interval_check" CHECK ("payments"."billing_interval" is null or "payments"."billing_interval" in ('month', 'year'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('open', 'completed', 'expired', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_billing_interval_check" CHECK ("subscriptions"."billing_interval" in ('month', 'year'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_scheduled_interval_check" CHECK ("subscriptions"."scheduled_interval" is null or "subscriptions"."scheduled_interval" in ('month', 'year'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_provider_check" CHECK ("subscriptions"."provider" in ('test', 'stripe'));--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_amount_sign" CHECK ("credits"."source" = 'adjustment' or ("credits"."source" in ('spend', 'plan_expiry')) = ("credits"."amount" < 0));--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_plan_amount_check" CHECK (case when "credits"."source" in ('plan_grant', 'plan_expiry') then "credits"."plan_amount" = "credits"."amount" when "credits"."source" in ('spend', 'refund') then abs("credits"."plan_amount") <= abs("credits"."amount") and "credits"."plan_amount" * "credits"."amount" >= 0 else "credits"."plan_amount" = 0 end);--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_source_check" CHECK ("credits"."source" in ('one_time', 'adjustment', 'pack', 'additional', 'top_up', 'signup_bonus', 'plan_grant', 'plan_expiry', 'spend', 'refund'));