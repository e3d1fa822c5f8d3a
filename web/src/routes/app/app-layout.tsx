import { Outlet } from "react-router";

import { AppShell } from "@/components/layout/app-shell";
import { useSignOut } from "@/features/auth/api/sign-out";
import { RequireAuth } from "@/features/auth/components/require-auth";
import type { AppOutletContext } from "./use-app-account";

export function AppLayoutRoute() {
  const signOut = useSignOut();
  return (
    <RequireAuth signingOut={!signOut.isIdle}>
      {(account) => (
        <AppShell account={account} onSignOut={() => signOut.mutate()}>
          <Outlet context={{ account } satisfies AppOutletContext} />
        </AppShell>
      )}
    </RequireAuth>
  );
}
