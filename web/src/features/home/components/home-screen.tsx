import { type Account, greetingName, messages, minutesSaved } from "@reelsmith/core";
import { Clock, Coins, Film, Plus, Video } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";

function StatCard({ label, value, icon: Icon }: { label: string; value: string; icon: typeof Coins }) {
  return (
    <div className="relative overflow-hidden rounded-xl border bg-card p-3.5 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
        <span className="hidden size-9 shrink-0 place-items-center rounded-lg bg-primary/12 text-primary sm:grid">
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-2 font-display text-2xl font-bold tracking-tight sm:mt-3 sm:text-3xl">{value}</p>
    </div>
  );
}

export function HomeScreen({ account, videos }: { account: Account; videos?: ReactNode }) {
  const stats = [
    { label: "Credits remaining", value: String(account.credits), icon: Coins },
    { label: "Videos created", value: String(account.videosCreated), icon: Film },
    { label: "Minutes saved", value: String(minutesSaved(account.videosCreated)), icon: Clock },
  ];

  return (
    <div className="space-y-10">
      <PageHeader
        title={(account.videosCreated > 0 ? messages.home.welcomeBack : messages.home.welcome)(
          greetingName(account.user),
        )}
        description="Ready for your next viral video?"
        actions={
          <>
            <Button asChild variant="brand">
              <Link to="/create">
                <Plus aria-hidden="true" />
                Create a video
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard">View all videos</Link>
            </Button>
          </>
        }
      />

      <section aria-label="Your stats" className="grid grid-cols-3 gap-3 sm:gap-4">
        {stats.map((stat) => (
          <StatCard key={stat.label} {...stat} />
        ))}
      </section>

      <section aria-labelledby="your-videos" className="space-y-4">
        <div className="flex items-center justify-between">
          <h2 id="your-videos" className="font-display text-xl font-bold">
            Your Videos
          </h2>
          <Link to="/dashboard" className="text-sm font-medium text-primary hover:underline">
            View all
          </Link>
        </div>
        {videos ?? (
          <EmptyState
            icon={Video}
            title={messages.home.noVideos}
            description="Pick a format in the Creator Studio and your first video will show up here."
            action={
              <Button asChild variant="brand" size="sm">
                <Link to="/create">Create your first video</Link>
              </Button>
            }
          />
        )}
      </section>
    </div>
  );
}
