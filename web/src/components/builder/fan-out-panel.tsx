import {
  FAN_OUT_MAX,
  LANGUAGE_CATALOGUE,
  type LanguageId,
  languageMessages,
  languageOf,
  type VideoType,
} from "@reelsmith/core";
import { Languages, Loader2, X } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { AiOffHint } from "./ai-off-hint";
import { useCapabilities } from "./api/get-capabilities";
import { useTranslate } from "./api/translate";
import { type FanOut, isStale, versionFields } from "./fan-out";
import { LanguageSelect } from "./pickers/language-select";

/** A field's name as a creator reads it: post_title -> "Post title". */
function fieldLabel(field: string): string {
  const words = field.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * "Also make it in...": the other languages to make the same video in, each one's words to check and edit before
 * paying (filled by the server's language model, or written by the creator where none is connected), and, for a
 * builder whose steps do not ask it, the language the video itself is written in.
 */
export function FanOutPanel({
  type,
  language,
  onLanguage,
  askLanguage,
  source,
  value,
  onChange,
  refusal,
}: {
  type: VideoType;
  /** The draft's own language. */
  language: LanguageId;
  onLanguage: (language: LanguageId) => void;
  /** Show the draft's language choice here (the builder's steps have none). */
  askLanguage: boolean;
  /** The draft's words by field: what each other language needs a version of. */
  source: Record<string, string>;
  value: FanOut;
  onChange: (value: FanOut) => void;
  /** The server's refusal of a version (`translations.<language>.<field>`), shown at its box. */
  refusal: { field: string; message: string } | null;
}) {
  const id = useId();
  const capabilities = useCapabilities();
  const aiOn = capabilities.data?.ai.enabled === true;
  const translate = useTranslate();
  const fields = versionFields(type).filter(({ field }) => field in source);
  const others = value.languages.filter((l) => l !== language);
  const full = others.length >= FAN_OUT_MAX - 1;
  const stale = isStale(value, source);

  const toggle = (other: LanguageId) => {
    const chosen = value.languages.includes(other);
    onChange({
      ...value,
      languages: chosen ? value.languages.filter((l) => l !== other) : [...value.languages, other],
    });
  };
  const edit = (other: LanguageId, field: string, text: string) =>
    onChange({ ...value, words: { ...value.words, [other]: { ...value.words[other], [field]: text } } });
  const runTranslate = () => {
    translate.mutate(
      { type, words: source, from: language, to: others },
      {
        onSuccess: ({ translations }) =>
          onChange({ ...value, words: { ...value.words, ...translations }, translatedFrom: source }),
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 rounded-xl border bg-card/60 p-4 sm:p-6">
      <header className="space-y-1">
        <h2 id={`${id}-title`} className="flex items-center gap-2 font-display text-lg font-bold">
          <Languages className="size-5 text-primary" aria-hidden="true" />
          Languages
        </h2>
        <p className="text-sm text-muted-foreground">
          Make the same video in up to {FAN_OUT_MAX - 1} more languages at once: each is its own video in that language,
          made and charged together with the others, or not at all.
        </p>
      </header>
      {askLanguage ? (
        <div className="max-w-sm">
          <LanguageSelect value={language} onChange={onLanguage} hint="The language your words are written in." />
        </div>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Also make it in…</legend>
        <div className="flex flex-wrap gap-2">
          {LANGUAGE_CATALOGUE.filter((l) => l.id !== language).map((l) => {
            const chosen = value.languages.includes(l.id);
            return (
              <button
                key={l.id}
                type="button"
                aria-pressed={chosen}
                disabled={!chosen && full}
                onClick={() => toggle(l.id)}
                className={cn(
                  "rounded-full border px-3 py-1 text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-50",
                  chosen ? "border-primary bg-primary/15 text-foreground" : "text-muted-foreground hover:bg-muted",
                )}
              >
                {l.name}
              </button>
            );
          })}
        </div>
      </fieldset>
      {others.length > 0 ? (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            <AiOffHint enabled={aiOn} reason={languageMessages.fanOutNeedsModel}>
              <Button
                type="button"
                variant="outline"
                onClick={runTranslate}
                disabled={!aiOn || translate.isPending || fields.length === 0}
              >
                {translate.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <Languages aria-hidden="true" />
                )}
                {value.translatedFrom ? "Translate again" : "Translate"}
              </Button>
            </AiOffHint>
            <p className="text-xs text-muted-foreground" role="status">
              {!capabilities.data
                ? ""
                : !aiOn
                  ? languageMessages.writeYourOwn
                  : stale
                    ? languageMessages.staleTranslation
                    : value.translatedFrom
                      ? "Check each version before you generate: it is used as written."
                      : "Translate fills in each version for you to check and edit."}
            </p>
          </div>
          {others.map((other) => {
            const info = languageOf(other);
            return (
              <div key={other} className="space-y-3 rounded-lg border p-3">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold">
                    {info.name}{" "}
                    <span className="font-normal text-muted-foreground" lang={info.tag}>
                      {info.native}
                    </span>
                  </h3>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${info.name}`}
                    onClick={() => toggle(other)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                {fields.map(({ field, max }) => {
                  const boxId = `${id}-${other}-${field}`;
                  const text = value.words[other]?.[field] ?? "";
                  const error = refusal?.field === `translations.${other}.${field}` ? refusal.message : null;
                  return (
                    <div key={field} className="space-y-1">
                      <div className="flex items-center justify-between">
                        <Label htmlFor={boxId}>
                          {fieldLabel(field)} · {info.name}
                        </Label>
                        <span className="text-xs tabular-nums text-muted-foreground">
                          {text.length}/{max}
                        </span>
                      </div>
                      <Textarea
                        id={boxId}
                        lang={info.tag}
                        dir={"rtl" in info && info.rtl ? "rtl" : "auto"}
                        value={text}
                        maxLength={max}
                        rows={field === "script" || field === "ad_copy" ? 5 : 2}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${boxId}-error` : undefined}
                        onChange={(e) => edit(other, field, e.target.value)}
                      />
                      {error ? (
                        <p id={`${boxId}-error`} className="text-sm text-destructive">
                          {error}
                        </p>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}
