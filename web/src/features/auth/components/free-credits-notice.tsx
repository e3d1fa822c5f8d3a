import { type Account, messages, SIGNUP_BONUS_CREDITS } from "@reelsmith/core";
import { Info, MailCheck } from "lucide-react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { useResendConfirmation } from "../api/resend-confirmation";

/**
 * Tells a new account where its free credits are: waiting for the e-mail confirmation (with a way to get a new
 * link), or not given because the sign-up address had the day's free credits already. Nothing once they arrived.
 */
export function FreeCreditsNotice({ account }: { account: Account }) {
  const resend = useResendConfirmation();
  if (account.freeCredits === "awaiting_verification") {
    return (
      <section
        aria-labelledby="free-credits-notice"
        className="flex flex-col gap-4 rounded-xl border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center sm:p-5"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/12 text-primary">
          <MailCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <h2 id="free-credits-notice" className="font-display text-lg font-bold">
            {messages.auth.checkEmailTitle}
          </h2>
          <p className="text-sm text-muted-foreground">
            {messages.auth.checkEmail(SIGNUP_BONUS_CREDITS, account.user.email)}
          </p>
          <p className="text-sm" role="status">
            {resend.isSuccess ? messages.auth.linkResent : resend.isError ? resend.error.message : null}
          </p>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate(account.user.email)}
        >
          {messages.auth.resendLink}
        </Button>
      </section>
    );
  }
  if (account.freeCredits === "capped") {
    return (
      <section
        aria-label="Free credits"
        className="flex flex-col gap-4 rounded-xl border bg-muted/40 p-4 sm:flex-row sm:items-center sm:p-5"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-muted text-muted-foreground">
          <Info className="size-5" aria-hidden="true" />
        </span>
        <p className="min-w-0 flex-1 text-sm text-muted-foreground">
          {messages.auth.freeCreditsCapped(SIGNUP_BONUS_CREDITS)}
        </p>
        <Button asChild variant="brand" className="shrink-0">
          <Link to="/pricing">See plans and credit packs</Link>
        </Button>
      </section>
    );
  }
  return null;
}
