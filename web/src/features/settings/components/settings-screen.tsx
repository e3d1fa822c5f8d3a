import type { ReactNode } from "react";

import { PageHeader } from "@/components/page-header";

/** Settings layout: profile, subscription management, and billing and usage. */
export function SettingsScreen({
  profile,
  subscription,
  usage,
}: {
  profile: ReactNode;
  subscription: ReactNode;
  usage: ReactNode;
}) {
  return (
    <div className="space-y-8">
      <PageHeader title="Settings" description="Your profile, plan, billing and credits." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          {profile}
          {subscription}
        </div>
        {usage}
      </div>
    </div>
  );
}
