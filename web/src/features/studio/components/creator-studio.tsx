import { messages, videoTypeCatalogue } from "@reelsmith/core";
import { ArrowRight, Clock } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ComingSoon } from "@/components/coming-soon";
import { CostBadge } from "@/components/cost-badge";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { videoTypeIcons } from "@/components/video-type-icon";

/** The catalogue's video types with the builders that work first, each group in catalogue order. */
export function studioOrder<T extends { route: string }>(types: readonly T[], isAvailable: (route: string) => boolean) {
  return [...types.filter((t) => isAvailable(t.route)), ...types.filter((t) => !isAvailable(t.route))];
}

/** The studio's tabs: the formats (one builder each) and, where the page offers it, a batch of many videos at once. */
export type StudioTab = "formats" | "batch";

/**
 * One card per video type, the builders that work first; a card's button opens its builder once
 * `isAvailable(route)` says it exists. With `batch`, a second tab holds it (the page composes it).
 */
export function CreatorStudio({
  isAvailable,
  batch,
  tab = "formats",
  onTabChange,
}: {
  isAvailable: (route: string) => boolean;
  batch?: ReactNode;
  tab?: StudioTab;
  onTabChange?: (tab: StudioTab) => void;
}) {
  const formats = <FormatCards isAvailable={isAvailable} />;
  return (
    <div className="space-y-8">
      <PageHeader title="Creator Studio" description="Choose a format to start a new video." />
      {batch ? (
        <Tabs value={tab} onValueChange={(value) => onTabChange?.(value as StudioTab)} className="gap-6">
          <TabsList>
            <TabsTrigger value="formats">Formats</TabsTrigger>
            <TabsTrigger value="batch">Batch</TabsTrigger>
          </TabsList>
          <TabsContent value="formats">{formats}</TabsContent>
          <TabsContent value="batch" className="space-y-8">
            {batch}
          </TabsContent>
        </Tabs>
      ) : (
        formats
      )}
    </div>
  );
}

function FormatCards({ isAvailable }: { isAvailable: (route: string) => boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {studioOrder(videoTypeCatalogue, isAvailable).map((type) => {
        const Icon = videoTypeIcons[type.type];
        const available = isAvailable(type.route);
        return (
          <li key={type.type} className="flex flex-col gap-4 rounded-xl border bg-card p-5">
            <div className="flex items-start justify-between gap-3">
              <span className="grid size-11 place-items-center rounded-xl bg-gradient-brand text-white shadow-[0_8px_24px_-10px_var(--brand-glow)]">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <CostBadge cost={type.cost} />
            </div>
            <div className="space-y-1.5">
              <h2 className="font-display text-lg font-bold">{type.name}</h2>
              <p className="text-sm text-muted-foreground">{type.description}</p>
            </div>
            <div className="mt-auto pt-1">
              {available ? (
                <Button asChild className="w-full">
                  <Link to={type.route}>
                    Start
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              ) : (
                <ComingSoon reason={messages.comingLater.builder} className="w-full">
                  <Button disabled variant="secondary" className="w-full">
                    <Clock aria-hidden="true" />
                    Coming soon
                  </Button>
                </ComingSoon>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
