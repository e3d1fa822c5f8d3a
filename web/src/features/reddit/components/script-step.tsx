import {
  formatSpokenLength,
  messages,
  normaliseRedditTitle,
  normaliseRedditUsername,
  REDDIT_COUNT_MAX,
  REDDIT_DEFAULT_SUBREDDIT,
  REDDIT_SCRIPT_MAX,
  REDDIT_SUBREDDIT_MAX,
  REDDIT_TITLE_MAX,
  REDDIT_USERNAME_MAX,
  type RedditStoryLength,
  redditStoryLength,
  redditSubredditSchema,
  spokenWordCount,
  UPLOAD_MAX_BYTES,
} from "@reelsmith/core";
import { ImagePlus, Loader2, Sparkles, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { AiOffHint } from "@/components/builder/ai-off-hint";
import { useCapabilities } from "@/components/builder/api/get-capabilities";
import { FieldError } from "@/components/builder/field-error";
import { LengthHint } from "@/components/builder/length-hint";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

import { useGenerateScript } from "../api/generate-script";

const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"];

function Counter({ value, max, id }: { value: number; max: number; id: string }) {
  return (
    <span id={id} className={cn("text-xs tabular-nums text-muted-foreground", value >= max && "text-warning")}>
      {value}/{max}
    </span>
  );
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export interface ScriptValues {
  username: string;
  post_title: string;
  script: string;
  avatar_url: string | null;
  /** The subreddit on the post card, as typed without "r/"; empty: r/AskReddit. */
  subreddit: string;
  /** The post card's counts; null: the card shows its buttons without a number. */
  upvotes: number | null;
  comments: number | null;
}

/** What a count field holds: its digits as a number, or null when it is empty. */
export function countFromField(text: string): number | null {
  const digits = text.replace(/\D/g, "").slice(0, String(REDDIT_COUNT_MAX).length);
  return digits === "" ? null : Number(digits);
}

/** Why a typed subreddit is refused (the schema's words), or undefined when it is fine or empty. */
export function subredditProblem(value: string): string | undefined {
  if (!value) return undefined;
  const result = redditSubredditSchema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? messages.reddit.subredditInvalid);
}

function CountField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: number | null;
  error?: string | undefined;
  onChange: (value: number | null) => void;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value === null ? "" : String(value)}
        inputMode="numeric"
        autoComplete="off"
        placeholder="None"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(countFromField(e.target.value))}
      />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

/** The story's estimated length as the creator types, against the 45-90 s a Reddit story holds viewers. */
export function storyLengthHint(length: RedditStoryLength): string {
  const s = formatSpokenLength(length.seconds);
  if (length.fit === "short") return messages.reddit.storyLengthShort(s);
  if (length.fit === "long") return messages.reddit.storyLengthLong(s);
  return messages.reddit.storyLengthGood(s);
}

/** Step 1: the post's username, title, optional avatar and the script (typed or written by AI). */
export function ScriptStep({
  values,
  onChange,
  errors = {},
}: {
  values: ScriptValues;
  onChange: (patch: Partial<ScriptValues>) => void;
  /** The server's reasons for refusing these fields (say, an avatar that is not a picture). */
  errors?: Partial<Record<keyof ScriptValues, string>>;
}) {
  const ids = {
    username: useId(),
    title: useId(),
    script: useId(),
    avatar: useId(),
    subreddit: useId(),
    upvotes: useId(),
    comments: useId(),
    card: useId(),
  };
  // A subreddit's problem shows once the field is left (or the server refused it), not while it is typed.
  const [subredditLeft, setSubredditLeft] = useState(false);
  const subredditError = errors.subreddit ?? (subredditLeft ? subredditProblem(values.subreddit) : undefined);
  const avatarErrorId = `${ids.avatar}-error`;
  const fileInput = useRef<HTMLInputElement>(null);
  const capabilities = useCapabilities();
  const generate = useGenerateScript();
  const aiEnabled = capabilities.data?.ai.enabled ?? false;
  const canGenerate = values.post_title.trim().length > 0 || values.script.trim().length > 0;
  // Nothing to time until the script has words: the estimate appears with the first one.
  const storyLength = spokenWordCount(values.script) > 0 ? redditStoryLength(values.script) : null;

  const pickAvatar = async (file: File | undefined) => {
    if (!file) return;
    if (!AVATAR_TYPES.includes(file.type)) {
      toast.error(messages.reddit.avatarInvalid);
      return;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      toast.error(messages.reddit.avatarTooLargeTitle, { description: messages.reddit.avatarTooLarge });
      return;
    }
    try {
      onChange({ avatar_url: await readAsDataUrl(file) });
    } catch {
      toast.error(messages.reddit.avatarInvalid);
    }
  };

  const writeWithAi = () => {
    generate.mutate(
      { script_title: values.post_title.trim(), script_main: values.script },
      {
        onSuccess: (result) =>
          onChange({
            script: result.script_main.slice(0, REDDIT_SCRIPT_MAX),
            ...(values.post_title.trim() ? {} : { post_title: result.script_title.slice(0, REDDIT_TITLE_MAX) }),
          }),
        onError: (error) =>
          toast.error(messages.videos.errorTitle, {
            description:
              "code" in error && error.code === "AI_NOT_CONFIGURED" ? messages.ai.notEnabled : messages.script.failed,
          }),
      },
    );
  };

  const aiButton = (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={writeWithAi}
      disabled={!aiEnabled || !canGenerate || generate.isPending}
    >
      {generate.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
      {generate.isPending ? "Writing..." : "Write with AI"}
    </Button>
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-5 sm:flex-row">
        <div className="flex flex-col items-center gap-2">
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            className="group relative grid size-20 place-items-center overflow-hidden rounded-full border-2 border-dashed bg-muted/40 transition-colors hover:border-primary focus-visible:border-primary focus-visible:outline-none"
            aria-label={values.avatar_url ? "Change the post's avatar" : "Add an avatar to the post (optional)"}
            aria-describedby={errors.avatar_url ? avatarErrorId : undefined}
            aria-invalid={errors.avatar_url ? true : undefined}
          >
            {values.avatar_url ? (
              <img src={values.avatar_url} alt="" className="size-full object-cover" />
            ) : (
              <ImagePlus className="size-6 text-muted-foreground group-hover:text-primary" aria-hidden="true" />
            )}
          </button>
          <input
            ref={fileInput}
            id={ids.avatar}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => {
              void pickAvatar(e.target.files?.[0]);
              e.target.value = "";
            }}
          />
          {values.avatar_url ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange({ avatar_url: null })}>
              <X aria-hidden="true" />
              Remove
            </Button>
          ) : (
            <span className="text-xs text-muted-foreground">Avatar (optional)</span>
          )}
          {errors.avatar_url ? (
            <FieldError id={avatarErrorId} className="justify-center text-center text-xs sm:w-40">
              {errors.avatar_url}
            </FieldError>
          ) : null}
        </div>
        <div className="grid flex-1 gap-4 sm:grid-cols-[minmax(0,14rem)_1fr]">
          <div className="space-y-2">
            <div className="flex items-center justify-between">
              <Label htmlFor={ids.username}>Username</Label>
              <Counter id={`${ids.username}-count`} value={values.username.length} max={REDDIT_USERNAME_MAX} />
            </div>
            <div className="relative">
              <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
                u/
              </span>
              <Input
                id={ids.username}
                value={values.username}
                placeholder="anonymous"
                autoComplete="off"
                className="pl-7"
                aria-invalid={errors.username ? true : undefined}
                aria-describedby={`${ids.username}-count${errors.username ? ` ${ids.username}-error` : ""}`}
                onChange={(e) =>
                  onChange({ username: normaliseRedditUsername(e.target.value).slice(0, REDDIT_USERNAME_MAX) })
                }
              />
            </div>
            {errors.username ? <FieldError id={`${ids.username}-error`}>{errors.username}</FieldError> : null}
          </div>
          <div className="space-y-2">
            <div className="flex items-center justify-between">
              <Label htmlFor={ids.title}>Post title</Label>
              <Counter id={`${ids.title}-count`} value={values.post_title.length} max={REDDIT_TITLE_MAX} />
            </div>
            <Input
              id={ids.title}
              value={values.post_title}
              placeholder="AITA for refusing to share my lottery win with my roommate?"
              aria-invalid={errors.post_title ? true : undefined}
              aria-describedby={`${ids.title}-count${errors.post_title ? ` ${ids.title}-error` : ""}`}
              onChange={(e) =>
                onChange({ post_title: normaliseRedditTitle(e.target.value).slice(0, REDDIT_TITLE_MAX) })
              }
            />
            {errors.post_title ? <FieldError id={`${ids.title}-error`}>{errors.post_title}</FieldError> : null}
          </div>
        </div>
      </div>

      <fieldset className="space-y-3" aria-describedby={`${ids.card}-hint`}>
        <legend className="text-sm font-medium">Post card (optional)</legend>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_1fr_1fr]">
          <div className="space-y-2">
            <Label htmlFor={ids.subreddit}>Subreddit</Label>
            <div className="relative">
              <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
                r/
              </span>
              <Input
                id={ids.subreddit}
                value={values.subreddit}
                placeholder={REDDIT_DEFAULT_SUBREDDIT}
                autoComplete="off"
                spellCheck={false}
                maxLength={REDDIT_SUBREDDIT_MAX + 3}
                className="pl-7"
                aria-invalid={subredditError ? true : undefined}
                aria-describedby={subredditError ? `${ids.subreddit}-error` : undefined}
                onBlur={() => setSubredditLeft(true)}
                onChange={(e) => onChange({ subreddit: e.target.value.replace(/\s+/g, "").replace(/^\/?r\//i, "") })}
              />
            </div>
            {subredditError ? <FieldError id={`${ids.subreddit}-error`}>{subredditError}</FieldError> : null}
          </div>
          <CountField
            id={ids.upvotes}
            label="Upvotes"
            value={values.upvotes}
            error={errors.upvotes}
            onChange={(upvotes) => onChange({ upvotes })}
          />
          <CountField
            id={ids.comments}
            label="Comments"
            value={values.comments}
            error={errors.comments}
            onChange={(comments) => onChange({ comments })}
          />
        </div>
        <p id={`${ids.card}-hint`} className="text-xs text-muted-foreground">
          Left empty, the card says r/{REDDIT_DEFAULT_SUBREDDIT} and shows its buttons without numbers.
        </p>
      </fieldset>

      <div className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Label htmlFor={ids.script}>Script</Label>
          <div className="flex items-center gap-3">
            <Counter id={`${ids.script}-count`} value={values.script.length} max={REDDIT_SCRIPT_MAX} />
            <AiOffHint enabled={aiEnabled}>{aiButton}</AiOffHint>
          </div>
        </div>
        <textarea
          id={ids.script}
          value={values.script}
          maxLength={REDDIT_SCRIPT_MAX}
          rows={12}
          placeholder="So this happened last week. My roommate and I had a deal about groceries..."
          aria-invalid={errors.script ? true : undefined}
          aria-describedby={`${ids.script}-count ${ids.script}-hint${storyLength ? ` ${ids.script}-length` : ""}${errors.script ? ` ${ids.script}-error` : ""}`}
          onChange={(e) => onChange({ script: e.target.value.slice(0, REDDIT_SCRIPT_MAX) })}
          className="flex min-h-48 w-full rounded-md border border-input bg-transparent px-3 py-2 text-base leading-relaxed shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm dark:bg-input/30"
        />
        {errors.script ? <FieldError id={`${ids.script}-error`}>{errors.script}</FieldError> : null}
        <p id={`${ids.script}-hint`} className="text-xs text-muted-foreground">
          The narrator reads the title over the post card, then the script, which starts within 3 seconds: a long title
          is read a little faster, or only up to a natural break.
          {!aiEnabled && capabilities.isSuccess ? ` ${messages.ai.notEnabled}` : ""}
        </p>
        {storyLength ? (
          <LengthHint id={`${ids.script}-length`} fit={storyLength.fit}>
            {storyLengthHint(storyLength)}
          </LengthHint>
        ) : null}
      </div>
    </div>
  );
}
