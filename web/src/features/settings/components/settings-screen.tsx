import { type Account, messages } from "@reelsmith/core";
import { Link } from "react-router";

import { UserAvatar } from "@/components/layout/user-avatar";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { accountBadge, planLabel } from "@/lib/account-display";

export function SettingsScreen({ account }: { account: Account }) {
  const badge = accountBadge(account);
  const { user } = account;
  return (
    <div className="space-y-8">
      <PageHeader title="Settings" description="Your profile, plan and credits." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="font-display text-lg">Profile</CardTitle>
            <CardDescription>How you appear in Reelsmith.</CardDescription>
          </CardHeader>
          <CardContent className="flex items-center gap-4">
            <UserAvatar user={user} className="size-14 text-base" />
            <dl className="min-w-0 space-y-1">
              <div>
                <dt className="sr-only">Name</dt>
                <dd className="truncate font-semibold">{user.name || "—"}</dd>
              </div>
              <div>
                <dt className="sr-only">E-mail</dt>
                <dd className="truncate text-sm text-muted-foreground">{user.email}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle className="font-display text-lg">Plan</CardTitle>
            <CardDescription>Your subscription and monthly credits.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="space-y-1">
                <p className="text-xl font-semibold">{planLabel(account)}</p>
                <p className="text-sm text-muted-foreground">{messages.credits.available(account.credits)}</p>
              </div>
              <Badge variant={badge === "Active" ? "success" : "secondary"}>{badge}</Badge>
            </div>
            <Button asChild variant="brand">
              <Link to="/pricing">Change Plan</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
