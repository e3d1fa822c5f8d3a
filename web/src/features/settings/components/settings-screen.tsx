import type { ReactNode } from "react";

import { PageHeader } from "@/components/page-header";

/** Settings layout: profile, subscription management, billing and usage, API keys and webhooks. */
export function SettingsScreen({
  profile,
  subscription,
  usage,
  apiKeys,
  webhooks,
}: {
  profile: ReactNode;
  subscription: ReactNode;
  usage: ReactNode;
  apiKeys: ReactNode;
  webhooks: ReactNode;
}) {
  return (
    <div className="space-y-8">
      <PageHeader title="Settings" description="Your profile, plan, billing and credits." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          {profile}
          {subscription}
        </div>
        <div className="space-y-6">
          {usage}
          {apiKeys}
          {webhooks}
        </div>
      </div>
    </div>
  );
}
