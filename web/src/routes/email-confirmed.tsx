import { messages, SIGNUP_BONUS_CREDITS } from "@reelsmith/core";
import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";

import { Button } from "@/components/ui/button";
import { accountQueryKey, useAccount } from "@/features/auth/api/get-account";
import { usePageMeta } from "@/lib/seo";

/** Where the sign-up confirmation link lands (better-auth redirects here, with `?error=` when the link failed). */
export function EmailConfirmedRoute() {
  const [params] = useSearchParams();
  const failed = params.has("error");
  const queryClient = useQueryClient();
  useEffect(() => {
    // The link signed this browser in and added the credits: whatever was cached is out of date.
    void queryClient.invalidateQueries({ queryKey: accountQueryKey, refetchType: "all" });
  }, [queryClient]);
  const { data: account, isPending } = useAccount();
  usePageMeta({
    title: failed ? messages.auth.linkInvalidTitle : messages.auth.emailConfirmedTitle,
    description: "Confirm your e-mail address for Reelsmith.",
    robots: "noindex, nofollow",
  });

  let title: string = messages.auth.emailConfirmedTitle;
  let text: string | null = null;
  if (failed) {
    title = messages.auth.linkInvalidTitle;
    text = messages.auth.linkInvalid;
  } else if (account?.freeCredits === "capped") {
    text = messages.auth.freeCreditsCapped(SIGNUP_BONUS_CREDITS);
  } else if (account) {
    text = messages.auth.freeCreditsAdded(SIGNUP_BONUS_CREDITS);
  }
  const Icon = failed ? CircleAlert : CircleCheck;

  return (
    <div className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-6 py-20 text-center">
      <span
        className={
          failed
            ? "grid size-16 place-items-center rounded-full bg-destructive/10 text-destructive"
            : "grid size-16 place-items-center rounded-full bg-primary/12 text-primary"
        }
      >
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <div className="max-w-md space-y-2">
        <h1 className="font-display text-3xl font-bold">{title}</h1>
        {isPending && !failed ? (
          <p className="text-muted-foreground">{messages.common.loading}</p>
        ) : (
          text && <p className="text-muted-foreground">{text}</p>
        )}
      </div>
      {!isPending || failed ? (
        <Button asChild variant="brand" size="lg">
          {account ? (
            <Link to="/home">{messages.auth.goToStudio}</Link>
          ) : (
            <Link to="/auth">{messages.auth.signIn}</Link>
          )}
        </Button>
      ) : null}
    </div>
  );
}
