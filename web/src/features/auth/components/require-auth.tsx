import { type Account, messages } from "@reelsmith/core";
import { RotateCw } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Navigate, useNavigation } from "react-router";

import { FullPageSpinner } from "@/components/spinner";
import { Button } from "@/components/ui/button";
import { useAccount } from "../api/get-account";

/**
 * Guard of the signed-in area. While the account loads it shows "Loading..."; without a session (401,
 * or any later 401 that cleared the account) it redirects to /auth, replacing the history entry, or
 * shows `signedOut` when the page has its own words for a visitor.
 */
export function RequireAuth({
  signingOut = false,
  signedOut,
  children,
}: {
  /** True once Sign Out started: the account going away is expected and Sign Out does the navigation. */
  signingOut?: boolean;
  /** What a signed-out visitor sees instead of the redirect to /auth (pages that explain themselves). */
  signedOut?: ReactNode;
  children: (account: Account) => ReactNode;
}) {
  const { data: account, isPending, isError, refetch, isRefetching } = useAccount();
  const navigation = useNavigation();
  // The last account seen, so the page can stay on screen while a sign-out navigates away.
  const lastAccount = useRef<Account | null>(null);

  if (account) {
    lastAccount.current = account;
    return children(account);
  }
  if (isPending) return <FullPageSpinner />;
  if (isError) {
    return (
      <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
        <p className="text-base font-medium">{messages.common.accountLoadFailed}</p>
        <Button variant="outline" onClick={() => refetch()} disabled={isRefetching}>
          <RotateCw aria-hidden="true" className={isRefetching ? "animate-spin" : undefined} />
          {messages.common.tryAgain}
        </Button>
      </div>
    );
  }
  // Signed out. While Sign Out takes the visitor to "/" (or any navigation is under way), let it finish
  // instead of racing it with a redirect to /auth: router updates are transitions, so this page can
  // render once more with the account already gone before "/" is on screen.
  if (signingOut || navigation.state !== "idle") {
    return lastAccount.current ? children(lastAccount.current) : <FullPageSpinner />;
  }
  return signedOut ?? <Navigate to="/auth" replace />;
}
