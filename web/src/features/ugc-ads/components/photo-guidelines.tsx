import {
  ArrowLeft,
  Check,
  Focus,
  Frame,
  ImageOff,
  type LucideIcon,
  Maximize,
  Square,
  SunMedium,
  X,
} from "lucide-react";
import { Link } from "react-router";

import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { PHOTO_EXAMPLES } from "../lib/photo-examples";
import { ExamplePhoto } from "./example-photo";

export const BUILDER_PATH = "/ai-ugc-ads";

/** What makes a product photo work (spec section 5: at least 1080 x 1080, 1:1). */
export const PHOTO_RULES: readonly { icon: LucideIcon; title: string; detail: string }[] = [
  {
    icon: Maximize,
    title: "At least 1080 × 1080",
    detail: "Sharp on any phone, even when the ad zooms in. Photos from a recent phone are plenty.",
  },
  {
    icon: Square,
    title: "Square (1:1)",
    detail: "The ad frames the product in a square; other shapes lose their edges.",
  },
  {
    icon: Frame,
    title: "Plain background",
    detail: "A wall, a sheet of paper or a plain table. Nothing else in the picture.",
  },
  {
    icon: SunMedium,
    title: "Good, even light",
    detail: "Daylight from a window, no harsh flash, no deep shadows. The colours stay true.",
  },
  {
    icon: Focus,
    title: "The whole product in frame",
    detail: "Centred and filling most of the square, with a little space on every side.",
  },
  {
    icon: ImageOff,
    title: "No text overlays",
    detail: "No prices, stickers or slogans on the photo: the ad adds its own hook and captions.",
  },
];

/** /ai-ugc-ads/guidelines: the rules for a good product photo, with good and bad examples drawn on the page. */
export function PhotoGuidelines() {
  return (
    <div className="space-y-10">
      <PageHeader
        title="Product photo guidelines"
        description="One good photo makes the whole ad. Here is what works, and what to avoid."
        actions={
          <Button variant="outline" asChild>
            <Link to={BUILDER_PATH}>
              <ArrowLeft aria-hidden="true" />
              Back to AI UGC Ads
            </Link>
          </Button>
        }
      />

      <section aria-labelledby="photo-rules" className="space-y-4">
        <h2 id="photo-rules" className="font-display text-xl font-bold">
          What makes a product photo work
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {PHOTO_RULES.map(({ icon: Icon, title, detail }) => (
            <li key={title} className="flex gap-3 rounded-xl border bg-card p-4">
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="min-w-0 space-y-0.5">
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-muted-foreground">{detail}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="photo-examples" className="space-y-4">
        <h2 id="photo-examples" className="font-display text-xl font-bold">
          Examples
        </h2>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          {PHOTO_EXAMPLES.map((example) => {
            const good = example.verdict === "good";
            return (
              <figure
                key={example.id}
                className={cn(
                  "flex flex-col overflow-hidden rounded-xl border bg-card",
                  good ? "border-success/50" : "border-destructive/40",
                )}
              >
                <div className="relative p-2 pb-0">
                  <ExamplePhoto scene={example.scene} label={example.description} />
                  <span
                    className={cn(
                      "absolute top-3 left-3 inline-flex sm:top-4 sm:left-4 items-center gap-1 rounded-full bg-background/95 px-2.5 py-1 text-xs font-semibold text-foreground shadow-sm",
                    )}
                  >
                    {good ? (
                      <Check className="size-3.5 text-success" aria-hidden="true" />
                    ) : (
                      <X className="size-3.5 text-destructive" aria-hidden="true" />
                    )}
                    {good ? "Good" : "Avoid"}
                  </span>
                </div>
                <figcaption className="space-y-1 p-3 sm:p-4">
                  <span className="block text-sm font-semibold sm:text-base">{example.title}</span>
                  <span className="block text-xs text-muted-foreground sm:text-sm">{example.caption}</span>
                </figcaption>
              </figure>
            );
          })}
        </div>
      </section>

      <div className="flex flex-col items-start gap-3 rounded-xl border bg-muted/40 p-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">
          <span className="font-semibold">Ready?</span> Upload your photo and the ad is a few clicks away.
        </p>
        <Button variant="brand" asChild>
          <Link to={BUILDER_PATH}>Make a UGC ad</Link>
        </Button>
      </div>
    </div>
  );
}
