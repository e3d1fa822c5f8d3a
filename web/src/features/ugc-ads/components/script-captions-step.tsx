import {
  type CatalogCaptionStyle,
  DEFAULT_LANGUAGE,
  formatSpokenLength,
  HOOK_TEXT_MAX,
  languageOf,
  messages,
  spokenWordCount,
  UGC_COPY_MAX,
  type UgcAdLength,
  ugcAdLength,
} from "@reelsmith/core";
import { Loader2, RotateCcw, Sparkles } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { AiOffHint } from "@/components/builder/ai-off-hint";
import { useCapabilities } from "@/components/builder/api/get-capabilities";
import { FieldError } from "@/components/builder/field-error";
import { LengthHint } from "@/components/builder/length-hint";
import { CaptionStyleGrid } from "@/components/builder/pickers/caption-style-grid";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api-error";
import { cn } from "@/lib/utils";
import { useGenerateAdCopy } from "../api/generate-ad-copy";
import { type AdScriptFields, editAdCopy, editHook, templateScript } from "../lib/ad-script";
import { type CaptionFields, setCaptions } from "../lib/captions";

export interface ScriptCaptionsValues extends AdScriptFields, CaptionFields {
  product_image_id: string | null;
}

/** The ad's estimated length as the creator types, and what to do when it runs long. */
export function adLengthHint(length: UgcAdLength): string {
  const s = formatSpokenLength(length.naturalS);
  switch (length.fit) {
    case "short":
      return messages.ugc.adLengthShort(s);
    case "good":
      return messages.ugc.adLengthGood(s);
    case "faster":
      return messages.ugc.adLengthFaster(s, length.cutWords);
    case "long":
      return messages.ugc.adLengthLong(s, length.cutWords);
  }
}

/** A character counter that turns amber near the limit and red at it. */
function Counter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <span
      id={id}
      className={cn(
        "text-xs tabular-nums",
        length >= max ? "text-destructive" : length >= max * 0.9 ? "text-warning" : "text-muted-foreground",
      )}
    >
      {length}/{max}
    </span>
  );
}

/** Why AI writing failed, in words for a creator (never the operator's setup). */
function aiFailure(error: Error): string {
  if (error instanceof ApiError && error.code === "AI_NOT_CONFIGURED") return messages.ai.notEnabled;
  return error.message || messages.script.failed;
}

/**
 * Step 3: the words of the ad, visible and editable before generating (the template's for the product
 * name until edited, or written by AI), and captions on or off with their style, each shown by a
 * single word in that style.
 */
export function ScriptCaptionsStep({
  values,
  onChange,
  styles,
  errors = {},
}: {
  values: ScriptCaptionsValues;
  onChange: (patch: Partial<ScriptCaptionsValues>) => void;
  styles: readonly CatalogCaptionStyle[];
  /** Why a field stops the video (a refusal, or text no font can draw), shown at the field. */
  errors?: Partial<Record<string, string>>;
}) {
  const ids = { hook: useId(), copy: useId(), captions: useId(), ai: useId() };
  const capabilities = useCapabilities();
  const ai = capabilities.data?.ai;
  const write = useGenerateAdCopy();
  const name = values.product_name.trim();
  const english = values.language === DEFAULT_LANGUAGE;
  const edited = values.hook_edited || values.ad_copy_edited;
  // Nothing to time until there are words: the estimate appears with the first one.
  const length =
    spokenWordCount(`${values.hook} ${values.ad_copy}`) > 0 ? ugcAdLength(values.hook, values.ad_copy) : null;

  const writeWithAi = () =>
    write.mutate(
      {
        product_name: name,
        ...(ai?.vision && values.product_image_id ? { product_image_id: values.product_image_id } : {}),
      },
      {
        onSuccess: (copy) =>
          onChange({
            ...editHook(copy.hook.slice(0, HOOK_TEXT_MAX)),
            ...editAdCopy(copy.ad_copy.slice(0, UGC_COPY_MAX)),
          }),
        onError: (error) => toast.error(messages.videos.errorTitle, { description: aiFailure(error) }),
      },
    );

  const aiButton = (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={writeWithAi}
      disabled={!ai?.enabled || !name || write.isPending}
      aria-describedby={ids.ai}
    >
      {write.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
      {write.isPending ? "Writing..." : "Write with AI"}
    </Button>
  );

  return (
    <div className="space-y-10">
      <section aria-labelledby={`${ids.hook}-heading`} className="space-y-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h3 id={`${ids.hook}-heading`} className="font-semibold">
              Ad script
            </h3>
            <p id={ids.ai} className="text-sm text-muted-foreground">
              {!english
                ? `Write the hook and the copy in ${languageOf(values.language).name}; the voice reads them as written.`
                : !name
                  ? "Name your product on the first step and the script writes itself; edit it as you like."
                  : edited
                    ? "Your words are kept as they are."
                    : `Written from “${name}” until you edit it.`}
              {ai?.enabled && ai.vision && values.product_image_id ? " Write with AI also looks at your photo." : ""}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {edited && name && english ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onChange(templateScript(values.product_name))}
              >
                <RotateCcw aria-hidden="true" />
                Use the template
              </Button>
            ) : null}
            <AiOffHint enabled={Boolean(ai?.enabled)}>{aiButton}</AiOffHint>
          </div>
        </div>

        <div className="space-y-2">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor={ids.hook}>Hook</Label>
            <Counter id={`${ids.hook}-count`} length={values.hook.length} max={HOOK_TEXT_MAX} />
          </div>
          <Textarea
            id={ids.hook}
            value={values.hook}
            maxLength={HOOK_TEXT_MAX}
            rows={2}
            // The examples are English: in another language an empty box waits for the creator's own words.
            placeholder={english ? "Stop scrolling if you still don't have this." : undefined}
            aria-invalid={errors.hook ? true : undefined}
            aria-describedby={`${ids.hook}-count ${ids.hook}-hint${errors.hook ? ` ${ids.hook}-error` : ""}`}
            onChange={(e) => onChange(editHook(e.target.value.slice(0, HOOK_TEXT_MAX)))}
          />
          {errors.hook ? <FieldError id={`${ids.hook}-error`}>{errors.hook}</FieldError> : null}
          <p id={`${ids.hook}-hint`} className="text-xs text-muted-foreground">
            The first line, on screen and spoken, that stops the scroll.
          </p>
        </div>

        <div className="space-y-2">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor={ids.copy}>Ad copy</Label>
            <Counter id={`${ids.copy}-count`} length={values.ad_copy.length} max={UGC_COPY_MAX} />
          </div>
          <Textarea
            id={ids.copy}
            value={values.ad_copy}
            maxLength={UGC_COPY_MAX}
            rows={6}
            placeholder={
              english ? "I was honestly skeptical at first, but this completely changed my routine..." : undefined
            }
            aria-invalid={errors.ad_copy ? true : undefined}
            aria-describedby={`${ids.copy}-count ${ids.copy}-hint${length ? ` ${ids.copy}-length` : ""}${errors.ad_copy ? ` ${ids.copy}-error` : ""}`}
            className="min-h-32 leading-relaxed"
            onChange={(e) => onChange(editAdCopy(e.target.value.slice(0, UGC_COPY_MAX)))}
          />
          {errors.ad_copy ? <FieldError id={`${ids.copy}-error`}>{errors.ad_copy}</FieldError> : null}
          <p id={`${ids.copy}-hint`} className="text-xs text-muted-foreground">
            What the voice says after the hook.
          </p>
          {length ? (
            <LengthHint id={`${ids.copy}-length`} fit={length.fit}>
              {adLengthHint(length)}
            </LengthHint>
          ) : null}
        </div>
      </section>

      <section aria-labelledby={`${ids.captions}-heading`} className="space-y-4">
        <div className="flex items-center justify-between gap-4 rounded-xl border bg-card p-4">
          <div className="min-w-0">
            <h3 id={`${ids.captions}-heading`} className="font-semibold">
              Captions
            </h3>
            <p id={`${ids.captions}-hint`} className="text-sm text-muted-foreground">
              {values.captions ? "The words show on screen as they are spoken." : "Off: the ad has no words on screen."}
            </p>
          </div>
          <button
            id={ids.captions}
            type="button"
            role="switch"
            aria-checked={values.captions}
            aria-labelledby={`${ids.captions}-heading`}
            aria-describedby={`${ids.captions}-hint`}
            onClick={() => onChange(setCaptions(!values.captions))}
            className={cn(
              "relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              values.captions ? "bg-primary" : "bg-input",
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                "block size-6 rounded-full bg-background shadow-sm transition-transform",
                values.captions ? "translate-x-5" : "translate-x-0",
              )}
            />
          </button>
        </div>
        {values.captions ? (
          <div className="space-y-3">
            <p className="text-sm text-muted-foreground">Choose a caption style: each shows one word as it appears.</p>
            <CaptionStyleGrid
              styles={styles}
              value={values.caption_style}
              onChange={(caption_style) => onChange({ caption_style })}
              picture="word"
            />
          </div>
        ) : null}
      </section>
    </div>
  );
}
