import { Outlet } from "react-router";

import { AppShell } from "@/components/layout/app-shell";
import { useSignOut } from "@/features/auth/api/sign-out";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { useLiveUpdates } from "@/lib/live/use-live-updates";
import type { AppOutletContext } from "./use-app-account";

/** Subscribes to the live stream only once the visitor is known to be signed in. */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

export function AppLayoutRoute() {
  const signOut = useSignOut();
  return (
    <RequireAuth signingOut={!signOut.isIdle}>
      {(account) => (
        <AppShell account={account} onSignOut={() => signOut.mutate()}>
          <LiveUpdates />
          <Outlet context={{ account } satisfies AppOutletContext} />
        </AppShell>
      )}
    </RequireAuth>
  );
}
