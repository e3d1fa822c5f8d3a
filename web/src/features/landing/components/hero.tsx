import { messages, type ShowcaseClip, SIGNUP_BONUS_CREDITS } from "@reelsmith/core";
import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { PhoneStack } from "./phone-stack";
import { MobilePreview, PreviewCarousel } from "./preview-carousel";
import { RotatingWords } from "./rotating-words";

export const HERO_WORDS = ["Reddit stories", "UGC ads", "music videos", "green-screen memes", "faceless AI videos"];

export function Hero({
  ctaHref,
  ctaLabel,
  previewClips,
}: {
  ctaHref: string;
  ctaLabel: string;
  /** Three rendered clips for the preview carousel; without them a decorative stack stands in. */
  previewClips: readonly ShowcaseClip[];
}) {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_60%_50%_at_50%_-10%,var(--brand-glow),transparent_70%)]"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] bg-[size:56px_56px] [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)]"
      />
      <div className="container-page relative grid items-center gap-12 pt-14 pb-20 md:pt-20 lg:grid-cols-[1.15fr_1fr] lg:pt-24 lg:pb-28">
        <div className="space-y-7 text-center lg:text-left">
          <p className="mx-auto inline-flex items-center gap-2 rounded-full border bg-card/60 px-3 py-1 text-xs font-medium text-muted-foreground backdrop-blur lg:mx-0">
            <span className="size-1.5 rounded-full bg-success" aria-hidden="true" />
            For TikTok, Reels and Shorts
          </p>
          <h1 className="font-display text-display font-extrabold">
            Create viral content in seconds
            <span className="mt-2 block text-[0.62em] leading-tight font-bold">
              Make <RotatingWords words={HERO_WORDS} />
            </span>
          </h1>
          <p className="mx-auto max-w-xl text-lg text-muted-foreground lg:mx-0">
            Turn a script, a photo or a song into a finished vertical video with voice, captions, footage and music. No
            camera, no editor, no face required.
          </p>
          <div className="flex flex-col items-center gap-4 sm:flex-row sm:justify-center lg:justify-start">
            <Button asChild variant="brand" size="lg" className="h-12 w-full px-7 text-base sm:w-auto">
              <Link to={ctaHref}>
                {ctaLabel}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <ul className="flex flex-col items-center gap-1 text-sm text-muted-foreground sm:items-start">
              <li className="flex items-center gap-1.5">
                <Check className="size-4 text-success" aria-hidden="true" />
                {messages.auth.noCreditCard}
              </li>
              <li className="flex items-center gap-1.5">
                <Check className="size-4 text-success" aria-hidden="true" />
                {messages.auth.freeCreditsOnSignUp(SIGNUP_BONUS_CREDITS)}
              </li>
            </ul>
          </div>
        </div>
        {previewClips.length === 3 ? (
          <>
            <PreviewCarousel clips={previewClips} className="hidden py-6 lg:flex" />
            <MobilePreview clip={previewClips[1] as ShowcaseClip} className="lg:hidden" />
          </>
        ) : (
          <PhoneStack className="py-6" />
        )}
      </div>
    </section>
  );
}
