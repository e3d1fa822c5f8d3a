import {
  type Account,
  messages,
  spansHave,
  undrawableLetters,
  undrawableTextMessage,
  type Video,
  videoTypeDefinitions,
} from "@reelsmith/core";
import { ArrowLeft, ArrowRight, Eye, Loader2, Wand2 } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";

import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useCatalog } from "./api/get-catalog";
import { useTextCoverage } from "./api/get-text-coverage";
import type { BuilderConfig, BuilderDraft } from "./builder-config";
import { BuilderStepper } from "./builder-stepper";
import { CostPill } from "./cost-pill";
import { FanOutPanel } from "./fan-out-panel";
import { GeneratingScreen } from "./generating-screen";
import { InsufficientCreditsDialog, type InsufficientCreditsDialogProps } from "./insufficient-credits-dialog";
import { PreviewPanel } from "./preview-panel";
import { advance, canVisit, firstIssueMessage, readyToGenerate, stepComplete } from "./step-completion";
import { useBuilderDraft } from "./use-builder-draft";
import { useFanOut } from "./use-fan-out";
import { builderSchema, useGenerateFlow } from "./use-generate-flow";
import { usePreviewFlow } from "./use-preview-flow";

/** What a builder shows when the balance cannot pay for the video (the kit's default: 'Insufficient Credits'). */
export type ShortfallDialog = (props: InsufficientCreditsDialogProps) => ReactNode;

const defaultShortfallDialog: ShortfallDialog = (props) => <InsufficientCreditsDialog {...props} />;

/**
 * A builder from its config: the stepper, the current step, sticky Back / Next / Generate, the cost,
 * the saved draft, the generate flow and, once the video is queued, the waiting screen.
 *
 * `shortfallDialog` replaces the insufficient-credits dialog (a route may offer a credit top-up
 * instead); the kit itself imports no feature.
 */
export function BuilderShell<D extends BuilderDraft>({
  config,
  account,
  shortfallDialog = defaultShortfallDialog,
}: {
  config: BuilderConfig<D>;
  account: Account;
  shortfallDialog?: ShortfallDialog;
}) {
  const { draft, patch, clear } = useBuilderDraft({
    type: config.type,
    userId: account.user.id,
    defaults: config.defaults,
    ...(config.bulkyFields ? { bulkyFields: config.bulkyFields } : {}),
  });
  const [step, setStep] = useState(0);
  const [furthest, setFurthest] = useState(0);
  const [created, setCreated] = useState<Video | null>(null);
  const catalog = useCatalog();
  const schema = useMemo(() => builderSchema(config), [config]);
  const lastStep = config.steps.length - 1;
  const navigate = useNavigate();
  const languages = useFanOut(config.type, draft);
  const flow = useGenerateFlow({
    config,
    account,
    draft,
    onCreated: (video) => {
      clear();
      languages.reset();
      setCreated(video);
    },
    inLanguages: languages.inLanguages,
    onBatch: (batch) => {
      clear();
      languages.reset();
      void navigate(`/create/batches/${batch.id}`);
    },
  });

  const preview = usePreviewFlow({ config, draft });

  // A refusal that names a field: its step opens, and the reason shows there until the field changes.
  const { refusal } = flow;
  // Drawn text with letters the server's fonts lack is named at its field as the creator types (the server refuses
  // it the same way before charging).
  const coverage = useTextCoverage();
  const errors = useMemo((): Partial<Record<keyof D & string, string>> => {
    const found: Record<string, string> = {};
    const spans = coverage.data?.spans ?? [];
    if (spans.length > 0) {
      for (const field of videoTypeDefinitions[config.type].drawnText as readonly string[]) {
        const value = draft[field];
        const missing = typeof value === "string" ? undrawableLetters(value, (cp) => spansHave(spans, cp)) : [];
        if (missing.length > 0) found[field] = undrawableTextMessage(missing);
      }
    }
    if (refusal?.field && Object.is(draft[refusal.field], refusal.value)) found[refusal.field] = refusal.message;
    return found as Partial<Record<keyof D & string, string>>;
  }, [refusal, draft, coverage.data, config.type]);
  const refusedStep = refusal?.field
    ? config.steps.findIndex((s) => (s.fields as readonly string[]).includes(refusal.field ?? ""))
    : -1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a refusal arrives; the creator moves freely after
  useEffect(() => {
    if (refusedStep >= 0 && canVisit(refusedStep, furthest)) setStep(refusedStep);
  }, [refusal, refusedStep]);

  // Catalogue defaults fill the fields that still hold their plain default (on load and after a reset).
  const { catalogDefaults, defaults } = config;
  useEffect(() => {
    if (!catalog.data || !catalogDefaults) return;
    const unset = Object.entries(catalogDefaults(catalog.data)).filter(
      ([field, value]) =>
        value !== undefined && !Object.is(value, defaults[field]) && Object.is(draft[field], defaults[field]),
    );
    if (unset.length > 0) patch(Object.fromEntries(unset) as Partial<D>);
  }, [catalog.data, catalogDefaults, defaults, draft, patch]);

  const explains = config.whenIncomplete === "toast-first-issue";
  const isComplete = (index: number) => stepComplete(schema, config.steps[index]?.fields ?? [], draft);
  const go = (target: number) => {
    if (canVisit(target, furthest)) setStep(target);
  };
  const next = () => {
    const complete = isComplete(step);
    if (!complete && explains) {
      const issue = firstIssueMessage(schema, draft, config.steps[step]?.fields ?? []);
      if (issue) toast.error(issue);
      return;
    }
    const moved = advance(step, furthest, lastStep, complete);
    setStep(moved.step);
    setFurthest(moved.furthest);
  };

  if (created) {
    return (
      <div className="space-y-8">
        <PageHeader title={config.title} />
        <GeneratingScreen
          initial={created}
          onAnother={() => {
            flow.clearRefusal();
            setCreated(null);
            setStep(0);
            setFurthest(0);
          }}
        />
      </div>
    );
  }

  const current = config.steps[step];
  const StepComponent = current?.Component;
  const body = !catalog.data ? (
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
  ) : StepComponent ? (
    <StepComponent draft={draft} patch={patch} catalog={catalog.data} account={account} errors={errors} />
  ) : null;

  return (
    <div className="space-y-6">
      <PageHeader title={config.title} description={config.description} actions={<CostPill cost={flow.perVideo} />} />
      {/* A one-screen builder has no steps to show. */}
      {config.steps.length > 1 ? (
        <BuilderStepper
          labels={config.steps.map((s) => s.label)}
          step={step}
          furthest={furthest}
          isComplete={isComplete}
          onGo={go}
        />
      ) : null}
      {/* Above the step, so it scrolls into full view on a phone whatever the step's length. */}
      {preview.open ? (
        <PreviewPanel preview={preview.preview} changes={preview.changes} onClose={preview.close} />
      ) : null}
      <section aria-labelledby="step-title" className="space-y-5 rounded-xl border bg-card/60 p-4 sm:p-6">
        <header className="space-y-1">
          <h2 id="step-title" className="font-display text-xl font-bold">
            {current?.label}
          </h2>
          <p className="text-sm text-muted-foreground">{current?.hint}</p>
        </header>
        {body}
      </section>
      {languages.fansOut && step === lastStep && catalog.data ? (
        <FanOutPanel
          type={config.type}
          language={languages.language}
          onLanguage={(language) => patch({ language } as unknown as Partial<D>)}
          askLanguage={!config.asksLanguage}
          source={languages.source}
          value={languages.fanOut}
          onChange={languages.setFanOut}
          refusal={
            refusal?.path?.startsWith("translations.") ? { field: refusal.path, message: refusal.message } : null
          }
        />
      ) : null}
      <div className="sticky bottom-0 -mx-4 flex items-center justify-between gap-3 border-t bg-background/90 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        {step === 0 && config.exitTo ? (
          <Button variant="outline" asChild>
            <Link to={config.exitTo}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Link>
          </Button>
        ) : (
          <Button variant="outline" onClick={() => go(step - 1)} disabled={step === 0}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        )}
        {step < lastStep ? (
          <Button onClick={next} disabled={!explains && !isComplete(step)}>
            Next
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : (
          <div className="flex flex-wrap items-center justify-end gap-2">
            <Button
              variant="outline"
              onClick={preview.ask}
              disabled={(!explains && !readyToGenerate(schema, draft)) || preview.busy}
            >
              {preview.busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Eye aria-hidden="true" />}
              Preview · free
            </Button>
            <Button
              variant="brand"
              onClick={flow.generate}
              disabled={(!explains && !readyToGenerate(schema, draft)) || flow.isPending}
            >
              {flow.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Wand2 aria-hidden="true" />}
              {languages.videoCount > 1 ? `Generate ${languages.videoCount} Videos` : "Generate Video"} · {flow.cost}{" "}
              credits
            </Button>
          </div>
        )}
      </div>
      {shortfallDialog({
        open: flow.shortfall !== null,
        onOpenChange: (open) => (open ? undefined : flow.dismissShortfall()),
        required: flow.shortfall?.required ?? flow.cost,
        current: flow.shortfall?.current ?? account.credits,
      })}
    </div>
  );
}
