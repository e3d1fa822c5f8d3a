import { Heart, MessageCircle, Play, Share2 } from "lucide-react";

import { cn } from "@/lib/utils";

const CARDS = [
  {
    label: "Reddit story",
    caption: "AITA for quitting my job over a sandwich?",
    tint: "from-[oklch(0.45_0.18_300)] to-[oklch(0.25_0.08_280)]",
    views: "1.2M",
    className: "-rotate-6 translate-y-6",
  },
  {
    label: "Text hook",
    caption: "POV: the drop hits on the first loop",
    tint: "from-brand to-brand-2",
    views: "3.4M",
    className: "z-10 scale-105",
  },
  {
    label: "UGC ad",
    caption: "I didn't expect this serum to work…",
    tint: "from-[oklch(0.55_0.15_200)] to-[oklch(0.28_0.07_250)]",
    views: "860K",
    className: "rotate-6 translate-y-6",
  },
];

/** A decorative stack of vertical-video mockups for the hero. */
export function PhoneStack({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn("relative flex items-center justify-center", className)}>
      <div className="absolute inset-x-0 top-1/2 h-3/4 -translate-y-1/2 bg-[radial-gradient(closest-side,var(--brand-glow),transparent)]" />
      {CARDS.map((card) => (
        <div
          key={card.label}
          className={cn(
            "relative -mx-4 aspect-[9/16] w-32 shrink-0 overflow-hidden rounded-[1.6rem] border border-white/15 bg-gradient-to-br shadow-2xl shadow-black/40 sm:w-44 lg:w-48",
            card.tint,
            card.className,
          )}
        >
          <div className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgba(255,255,255,0.25),transparent_55%)]" />
          <div className="absolute top-3 left-3 rounded-full bg-black/35 px-2 py-0.5 text-[10px] font-semibold text-white backdrop-blur">
            {card.label}
          </div>
          <div className="absolute inset-0 grid place-items-center">
            <span className="grid size-11 place-items-center rounded-full bg-white/20 backdrop-blur">
              <Play className="size-5 fill-white text-white" />
            </span>
          </div>
          <div className="absolute right-2 bottom-16 flex flex-col items-center gap-3 text-white/90">
            <Heart className="size-4" />
            <MessageCircle className="size-4" />
            <Share2 className="size-4" />
          </div>
          <div className="absolute inset-x-3 bottom-3 space-y-1">
            <p className="font-display text-[13px] leading-tight font-bold text-white [text-shadow:0_2px_8px_rgba(0,0,0,0.5)]">
              {card.caption}
            </p>
            <p className="text-[10px] font-medium text-white/75">{card.views} views</p>
          </div>
        </div>
      ))}
    </div>
  );
}
