import {
  type Account,
  canAfford,
  creditCost,
  DEFAULT_LANGUAGE,
  DEFAULT_VOICE,
  messages,
  NO_MUSIC,
  redditInputSchema,
  type Video,
} from "@reelsmith/core";
import { ArrowLeft, ArrowRight, Check, Coins, Loader2, Wand2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { InsufficientCreditsDialog, insufficientCreditsFrom } from "@/features/credits";
import { useCatalog } from "@/features/media/api/get-catalog";
import { useCreateVideo } from "@/features/videos/api/create-video";
import { GeneratingScreen } from "@/features/videos/components/generating-screen";
import { cn } from "@/lib/utils";
import { canVisit, LAST_STEP, REDDIT_STEPS, type RedditStep, readyToGenerate, stepComplete } from "../builder-steps";
import { AudioStep } from "./audio-step";
import { BackgroundStep } from "./background-step";
import { CaptionsStep } from "./captions-step";
import { ScriptStep } from "./script-step";

interface Draft {
  username: string;
  post_title: string;
  script: string;
  avatar_url: string | null;
  caption_style: string | null;
  background_video: string | null;
  background_music: string;
  voice: string;
  language: string;
}

const EMPTY: Draft = {
  username: "",
  post_title: "",
  script: "",
  avatar_url: null,
  caption_style: null,
  background_video: null,
  background_music: NO_MUSIC,
  voice: DEFAULT_VOICE,
  language: DEFAULT_LANGUAGE,
};

const COST = creditCost("reddit");

/** The draft survives a reload or a trip to another page in this tab (the avatar only if it fits). */
function useSessionDraft(userId: string) {
  const key = `reelsmith:reddit-draft:${userId}`;
  const [draft, setDraft] = useState<Draft>(() => {
    try {
      const saved = sessionStorage.getItem(key);
      return saved ? { ...EMPTY, ...(JSON.parse(saved) as Partial<Draft>) } : EMPTY;
    } catch {
      return EMPTY;
    }
  });
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(draft));
    } catch {
      try {
        sessionStorage.setItem(key, JSON.stringify({ ...draft, avatar_url: null }));
      } catch {
        // Storage is full or off: the draft lives only on this page.
      }
    }
  }, [key, draft]);
  const clear = () => {
    sessionStorage.removeItem(key);
    setDraft(EMPTY);
  };
  return [draft, setDraft, clear] as const;
}

function Stepper({
  step,
  furthest,
  draft,
  onGo,
}: {
  step: RedditStep;
  furthest: RedditStep;
  draft: Draft;
  onGo: (step: RedditStep) => void;
}) {
  return (
    <ol className="grid grid-cols-4 gap-2" aria-label="Steps">
      {REDDIT_STEPS.map((label, index) => {
        const target = index as RedditStep;
        const current = target === step;
        const done = target < furthest || (target !== step && stepComplete(target, draft) && target <= furthest);
        const reachable = canVisit(target, furthest);
        return (
          <li key={label}>
            <button
              type="button"
              onClick={() => onGo(target)}
              disabled={!reachable}
              aria-current={current ? "step" : undefined}
              className={cn(
                "flex w-full flex-col items-start gap-2 rounded-lg border-t-4 border-border pt-2 text-left transition-colors disabled:cursor-not-allowed disabled:opacity-50",
                current && "border-primary",
                !current && done && "border-primary/40",
              )}
            >
              <span className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
                <span
                  className={cn(
                    "grid size-5 place-items-center rounded-full border text-[0.7rem] tabular-nums",
                    current && "border-primary bg-primary text-primary-foreground",
                    !current && done && "border-primary/50 text-primary",
                  )}
                >
                  {done && !current ? <Check className="size-3" aria-hidden="true" /> : index + 1}
                </span>
                <span className="hidden sm:inline">Step {index + 1}</span>
              </span>
              <span className={cn("text-sm font-semibold", !current && "text-muted-foreground")}>{label}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

const STEP_HINTS = [
  "Write the post the narrator reads: a title that hooks, then the story.",
  "Pick how the words appear on screen, one at a time as they are spoken.",
  "Pick the gameplay that plays behind the story. Hover to preview.",
  "Pick the music and the narrator, then generate.",
];

/** The Reddit Story builder (/create/reddit-story): Script, Captions, Background Video, Audio, Generate. */
export function RedditBuilder({ account }: { account: Account }) {
  const [draft, setDraft, clearDraft] = useSessionDraft(account.user.id);
  const [step, setStep] = useState<RedditStep>(0);
  const [furthest, setFurthest] = useState<RedditStep>(0);
  const [created, setCreated] = useState<Video | null>(null);
  const [shortfall, setShortfall] = useState<{ required: number; current: number } | null>(null);
  const catalog = useCatalog();
  const create = useCreateVideo();

  const patch = (values: Partial<Draft>) => setDraft((d) => ({ ...d, ...values }));
  const go = (target: RedditStep) => {
    if (canVisit(target, furthest)) setStep(target);
  };
  const next = () => {
    if (step === LAST_STEP || !stepComplete(step, draft)) return;
    const target = (step + 1) as RedditStep;
    setStep(target);
    setFurthest((f) => (target > f ? target : f));
  };

  const generate = () => {
    if (!readyToGenerate(draft)) {
      toast.error(messages.videos.missingInformation, { description: messages.reddit.incomplete });
      return;
    }
    if (!canAfford(account.credits, "reddit")) {
      setShortfall({ required: COST, current: account.credits });
      return;
    }
    const parsed = redditInputSchema.safeParse(draft);
    if (!parsed.success) {
      toast.error(messages.videos.missingInformation, {
        description: parsed.error.issues[0]?.message ?? messages.reddit.incomplete,
      });
      return;
    }
    create.mutate(
      { type: "reddit", input: parsed.data },
      {
        onSuccess: (video) => {
          toast.success(messages.videos.creationStartedTitle, { description: messages.videos.creationStartedBody });
          clearDraft();
          setCreated(video);
        },
        onError: (error) => {
          const missing = insufficientCreditsFrom(error);
          if (missing) {
            setShortfall(missing);
            return;
          }
          toast.error(messages.videos.errorTitle, { description: messages.reddit.generateFailed });
        },
      },
    );
  };

  if (created) {
    return (
      <div className="space-y-8">
        <PageHeader title="Reddit Story" />
        <GeneratingScreen
          initial={created}
          onAnother={() => {
            setCreated(null);
            setStep(0);
            setFurthest(0);
          }}
        />
      </div>
    );
  }

  const data = catalog.data;
  const body = !data ? (
    catalog.isError ? (
      <EmptyState
        icon={Wand2}
        title="The media library could not be loaded"
        description={catalog.error.message}
        action={
          <Button size="sm" variant="outline" onClick={() => void catalog.refetch()}>
            {messages.common.tryAgain}
          </Button>
        }
      />
    ) : (
      <Skeleton className="h-96 rounded-xl" />
    )
  ) : step === 0 ? (
    <ScriptStep values={draft} onChange={patch} />
  ) : step === 1 ? (
    <CaptionsStep
      styles={data.captionStyles}
      value={draft.caption_style}
      onChange={(caption_style) => patch({ caption_style })}
    />
  ) : step === 2 ? (
    <BackgroundStep
      backgrounds={data.backgrounds}
      value={draft.background_video}
      onChange={(background_video) => patch({ background_video })}
    />
  ) : (
    <AudioStep music={data.music} voices={data.voices} values={draft} onChange={patch} />
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Reddit Story"
        description="A story read aloud over gameplay, with the post card and word-by-word captions."
        actions={
          <span className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm text-muted-foreground">
            <Coins className="size-4 text-primary" aria-hidden="true" />
            {COST} credits per video
          </span>
        }
      />
      <Stepper step={step} furthest={furthest} draft={draft} onGo={go} />
      <section aria-labelledby="step-title" className="space-y-5 rounded-xl border bg-card/60 p-4 sm:p-6">
        <header className="space-y-1">
          <h2 id="step-title" className="font-display text-xl font-bold">
            {REDDIT_STEPS[step]}
          </h2>
          <p className="text-sm text-muted-foreground">{STEP_HINTS[step]}</p>
        </header>
        {body}
      </section>
      <div className="sticky bottom-0 -mx-4 flex items-center justify-between gap-3 border-t bg-background/90 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <Button variant="outline" onClick={() => go((step - 1) as RedditStep)} disabled={step === 0}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        {step < LAST_STEP ? (
          <Button onClick={next} disabled={!stepComplete(step, draft)}>
            Next
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : (
          <Button variant="brand" onClick={generate} disabled={!readyToGenerate(draft) || create.isPending}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Wand2 aria-hidden="true" />}
            Generate Video · {COST} credits
          </Button>
        )}
      </div>
      <InsufficientCreditsDialog
        open={shortfall !== null}
        onOpenChange={(open) => (open ? undefined : setShortfall(null))}
        required={shortfall?.required ?? COST}
        current={shortfall?.current ?? account.credits}
      />
    </div>
  );
}
