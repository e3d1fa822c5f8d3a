import { videoTypeCatalogue } from "@reelsmith/core";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CostBadge } from "@/components/cost-badge";
import { videoTypeIcons } from "@/components/video-type-icon";
import { cn } from "@/lib/utils";

/** "The future of content": one card per video type. `tryHref` is where each "Try ..." goes. */
export function VideoTypesSection({ tryHref }: { tryHref: string | null }) {
  return (
    <section id="features" className="py-section">
      <div className="container-page">
        <div className="mx-auto max-w-2xl space-y-3 text-center">
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">Five formats, one studio</p>
          <h2 className="font-display text-headline font-bold">The future of content</h2>
          <p className="text-muted-foreground">
            Pick a format, drop in your idea, and get a finished 1080×1920 video ready to post.
          </p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-6">
          {videoTypeCatalogue.map((type, index) => {
            const Icon = videoTypeIcons[type.type];
            return (
              <li
                key={type.type}
                className={cn(
                  "group relative flex flex-col gap-4 overflow-hidden rounded-2xl border bg-card p-6 transition-colors hover:border-primary/40",
                  // Two wide cards, then three: five formats fill the grid without a hole.
                  index < 2 ? "lg:col-span-3" : "lg:col-span-2",
                  index === videoTypeCatalogue.length - 1 && "sm:col-span-2 lg:col-span-2",
                )}
              >
                <div className="pointer-events-none absolute -top-16 -right-16 size-40 rounded-full bg-primary/10 opacity-0 blur-2xl transition-opacity group-hover:opacity-100" />
                <div className="flex items-center justify-between">
                  <span className="grid size-11 place-items-center rounded-xl bg-primary/12 text-primary">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CostBadge cost={type.cost} />
                </div>
                <div className="space-y-2">
                  <h3 className="font-display text-xl font-bold">{type.name}</h3>
                  <p className="text-sm text-muted-foreground">{type.description}</p>
                </div>
                {tryHref ? (
                  <Link
                    to={tryHref}
                    className="mt-auto inline-flex items-center gap-1.5 text-sm font-semibold text-primary after:absolute after:inset-0"
                  >
                    Try {type.name}
                    <ArrowRight
                      className="size-4 transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
