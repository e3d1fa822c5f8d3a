import { Outlet, useMatches } from "react-router";

import type { BuilderRouteHandle } from "@/app/builders";

import { AppShell } from "@/components/layout/app-shell";
import { useSignOut } from "@/features/auth/api/sign-out";
import { RequireAuth } from "@/features/auth/components/require-auth";
import { useLiveUpdates } from "@/lib/live/use-live-updates";
import { CreditsCard } from "./credits-card";
import { SignedOutBuilder } from "./signed-out-builder";
import type { AppOutletContext } from "./use-app-account";

/** Subscribes to the live stream only once the visitor is known to be signed in. */
function LiveUpdates() {
  useLiveUpdates();
  return null;
}

export function AppLayoutRoute() {
  const signOut = useSignOut();
  // A builder with its own words for visitors says them; every other page sends them to /auth.
  const builder = useMatches()
    .map((m) => (m.handle as BuilderRouteHandle | undefined)?.builder)
    .find((b) => b?.signedOut);
  return (
    <RequireAuth
      signingOut={!signOut.isIdle}
      signedOut={builder?.signedOut ? <SignedOutBuilder notice={builder.signedOut} name={builder.name} /> : undefined}
    >
      {(account) => (
        <AppShell
          account={account}
          onSignOut={() => signOut.mutate()}
          sidebarFooter={(onNavigate) => <CreditsCard account={account} {...(onNavigate ? { onNavigate } : {})} />}
        >
          <LiveUpdates />
          <Outlet context={{ account } satisfies AppOutletContext} />
        </AppShell>
      )}
    </RequireAuth>
  );
}
