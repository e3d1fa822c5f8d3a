import { messages, type VideoTypeInfo } from "@reelsmith/core";
import { ArrowLeft, Clock } from "lucide-react";
import { Link } from "react-router";

import { CostBadge } from "@/components/cost-badge";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { videoTypeIcons } from "@/components/video-type-icon";

/** A builder that is not built yet: what it will make, that it is coming soon, and the way back. */
export function BuilderComingSoon({ type }: { type: VideoTypeInfo }) {
  const Icon = videoTypeIcons[type.type];
  return (
    <div className="space-y-8">
      <PageHeader title={type.name} description={type.description} />
      <section
        aria-labelledby="coming-soon-title"
        className="mx-auto flex max-w-xl flex-col items-center gap-5 rounded-xl border bg-card p-8 text-center"
      >
        <span className="grid size-14 place-items-center rounded-2xl bg-gradient-brand text-white shadow-[0_8px_24px_-10px_var(--brand-glow)]">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="space-y-2">
          <p className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium text-muted-foreground">
            <Clock className="size-3.5" aria-hidden="true" />
            Coming soon
          </p>
          <h2 id="coming-soon-title" className="font-display text-2xl font-bold">
            {type.name} is coming soon
          </h2>
          <p className="text-sm text-muted-foreground">{messages.comingLater.builder}</p>
        </div>
        <CostBadge cost={type.cost} />
        <Button asChild>
          <Link to="/create">
            <ArrowLeft aria-hidden="true" />
            Back to Creator Studio
          </Link>
        </Button>
      </section>
    </div>
  );
}
