import { HOW_IT_WORKS_INTERVAL_MS } from "@reelsmith/core";
import { Check, Download, Mic, Palette, PenLine, Share2, Sparkles } from "lucide-react";
import { type CSSProperties, type ReactNode, useId, useState } from "react";

import { SectionHeading } from "@/components/marketing/section-heading";
import { useReducedMotion } from "@/hooks/use-reduced-motion";
import { cn } from "@/lib/utils";
import { useAutoAdvance } from "../lib/use-auto-advance";

export const STEPS = [
  {
    title: "Draft your script",
    body: "Paste a Reddit post, type a hook, upload a song or a product photo. No idea yet? Let the AI write a first draft from a title.",
    icon: PenLine,
  },
  {
    title: "Personalize and design",
    body: "Pick a voice, a caption style, background footage and music. What you choose in the preview is exactly what renders.",
    icon: Palette,
  },
  {
    title: "Export and share",
    body: "Reelsmith renders a 1080×1920 MP4 in minutes while you do something else. Download it and post it to TikTok, Reels and Shorts.",
    icon: Share2,
  },
] as const;

function Panel({ children }: { children: ReactNode }) {
  return <div className="space-y-4 rounded-2xl border bg-background/70 p-5 shadow-xl shadow-black/20">{children}</div>;
}

/** Decorative sketches of each step's screen. */
function StepIllustration({ step }: { step: number }) {
  if (step === 0) {
    return (
      <Panel>
        <div className="space-y-1.5">
          <p className="text-xs font-medium text-muted-foreground">Post title</p>
          <p className="rounded-lg border bg-card px-3 py-2 text-sm font-medium">
            AITA for refusing to switch seats on a 12-hour flight?
          </p>
        </div>
        <div className="space-y-1.5">
          <p className="text-xs font-medium text-muted-foreground">Script</p>
          <div className="space-y-2 rounded-lg border bg-card p-3">
            {[
              ["a", "w-full"],
              ["b", "w-11/12"],
              ["c", "w-4/5"],
              ["d", "w-full"],
              ["e", "w-2/3"],
            ].map(([id, w]) => (
              <span key={id} className={cn("block h-2 rounded-full bg-muted-foreground/25", w)} />
            ))}
          </div>
        </div>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-primary/15 px-3 py-1 text-xs font-semibold text-primary">
          <Sparkles className="size-3.5" /> Write with AI
        </span>
      </Panel>
    );
  }
  if (step === 1) {
    return (
      <Panel>
        <p className="text-xs font-medium text-muted-foreground">Caption style</p>
        <div className="flex flex-wrap gap-2">
          {["Modern Bold", "Neon Glow", "Typewriter", "Bubble", "Cinematic"].map((s, i) => (
            <span
              key={s}
              className={cn(
                "rounded-lg border px-3 py-1.5 text-xs font-semibold",
                i === 1 ? "border-primary bg-primary/15 text-primary" : "bg-card",
              )}
            >
              {s}
            </span>
          ))}
        </div>
        <p className="text-xs font-medium text-muted-foreground">Voice</p>
        <div className="grid grid-cols-3 gap-2">
          {["Sophie", "Daniel", "Jessie"].map((v, i) => (
            <span
              key={v}
              className={cn(
                "flex items-center gap-1.5 rounded-lg border px-2.5 py-2 text-xs font-medium",
                i === 0 ? "border-primary bg-primary/10" : "bg-card",
              )}
            >
              <Mic className="size-3.5 text-primary" /> {v}
            </span>
          ))}
        </div>
        <p className="text-xs font-medium text-muted-foreground">Background</p>
        <div className="grid grid-cols-3 gap-2">
          {[
            "from-emerald-500/60 to-sky-600/60",
            "from-orange-500/60 to-rose-600/60",
            "from-violet-500/60 to-fuchsia-600/60",
          ].map((g, i) => (
            <span
              key={g}
              className={cn("aspect-video rounded-lg bg-gradient-to-br", g, i === 0 && "ring-2 ring-primary")}
            />
          ))}
        </div>
      </Panel>
    );
  }
  return (
    <Panel>
      <div className="flex items-center justify-between text-sm">
        <span className="font-semibold">AITA for refusing to switch seats…</span>
        <span className="inline-flex items-center gap-1 rounded-full bg-success/15 px-2 py-0.5 text-xs font-semibold text-success">
          <Check className="size-3.5" /> Finished
        </span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-muted">
        <div className="h-full w-full bg-gradient-brand" />
      </div>
      <p className="text-xs text-muted-foreground">1080×1920 · MP4 · 0:58 · 30 fps</p>
      <div className="grid grid-cols-2 gap-2">
        <span className="flex items-center justify-center gap-1.5 rounded-lg bg-gradient-brand py-2 text-xs font-semibold text-white">
          <Download className="size-3.5" /> Download
        </span>
        <span className="flex items-center justify-center gap-1.5 rounded-lg border bg-card py-2 text-xs font-semibold">
          <Share2 className="size-3.5" /> Share
        </span>
      </div>
      <p className="text-center text-xs text-muted-foreground">TikTok · Instagram Reels · YouTube Shorts</p>
    </Panel>
  );
}

/**
 * Three steps that advance on their own every HOW_IT_WORKS_INTERVAL_MS (10.5 s) and on a click.
 * Hovering or focusing the section holds the current step; with reduced motion it never moves alone.
 */
export function HowItWorks({ intervalMs = HOW_IT_WORKS_INTERVAL_MS }: { intervalMs?: number }) {
  const reducedMotion = useReducedMotion();
  const [held, setHeld] = useState(false);
  const { index, cycle, select } = useAutoAdvance(STEPS.length, intervalMs, held || reducedMotion);
  const id = useId();

  return (
    <section aria-labelledby={`${id}-title`} className="py-section">
      <div className="container-page">
        <SectionHeading
          id={`${id}-title`}
          eyebrow="How it works"
          title="From idea to posted in three steps"
          lead="No timeline, no keyframes, no export settings. Reelsmith does the editing."
        />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only hold the current step; nothing is activated */}
        <div
          className="mt-12 grid items-center gap-8 lg:grid-cols-2 lg:gap-14"
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          <div role="tablist" aria-label="Steps" aria-orientation="vertical" className="space-y-3">
            {STEPS.map((step, i) => {
              const selected = i === index;
              const Icon = step.icon;
              return (
                <button
                  key={step.title}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${i}`}
                  aria-selected={selected}
                  aria-controls={`${id}-panel`}
                  onClick={() => select(i)}
                  className={cn(
                    "relative w-full overflow-hidden rounded-2xl border p-5 text-left transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
                    selected ? "border-primary/50 bg-card" : "bg-card/30 hover:bg-card/60",
                  )}
                >
                  <span className="flex items-start gap-4">
                    <span
                      className={cn(
                        "grid size-10 shrink-0 place-items-center rounded-xl font-display font-bold",
                        selected ? "bg-gradient-brand text-white" : "bg-muted text-muted-foreground",
                      )}
                    >
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <span className="space-y-1">
                      <span className="block text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                        Step {i + 1}
                      </span>
                      <span className="block font-display text-lg font-bold">{step.title}</span>
                      <span className={cn("block text-sm text-muted-foreground", !selected && "hidden sm:block")}>
                        {step.body}
                      </span>
                    </span>
                  </span>
                  {selected && !reducedMotion ? (
                    <span
                      key={cycle}
                      aria-hidden="true"
                      className={cn(
                        "absolute inset-x-0 bottom-0 h-0.5 origin-left bg-gradient-brand",
                        !held && "animate-step-progress",
                        held && "scale-x-0",
                      )}
                      style={{ "--step-duration": `${intervalMs}ms` } as CSSProperties}
                    />
                  ) : null}
                </button>
              );
            })}
          </div>
          <div
            role="tabpanel"
            id={`${id}-panel`}
            aria-labelledby={`${id}-tab-${index}`}
            className="relative mx-auto w-full max-w-md"
          >
            <div
              aria-hidden="true"
              className="absolute -inset-6 rounded-[2rem] bg-[radial-gradient(circle_at_50%_40%,var(--brand-glow),transparent_65%)]"
            />
            <div
              key={index}
              aria-hidden="true"
              className="relative animate-in fade-in slide-in-from-bottom-2 duration-500"
            >
              <StepIllustration step={index} />
            </div>
            <p className="sr-only">{STEPS[index]?.body}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
