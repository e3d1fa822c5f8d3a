import { type Catalog, HOOK_TEXT_MAX } from "@reelsmith/core";
import { Loader2, Sparkles } from "lucide-react";
import { useId } from "react";
import { toast } from "sonner";
import { AiOffHint } from "@/components/builder/ai-off-hint";
import { useCapabilities } from "@/components/builder/api/get-capabilities";
import { useFiles } from "@/components/builder/api/get-files";
import { FieldError } from "@/components/builder/field-error";
import { LibraryTiles } from "@/components/builder/pickers/library-tiles";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { useGenerateHook } from "../api/generate-hook";

export interface StyleValues {
  video_style: string | null;
  text_hook: string;
  audio_file_id: string | null;
}

/** The counter turns amber near the limit and red at it. */
function counterTone(length: number): string {
  if (length >= HOOK_TEXT_MAX) return "text-destructive";
  if (length >= HOOK_TEXT_MAX - 25) return "text-warning";
  return "text-muted-foreground";
}

/** Step 2: the footage style (looping previews) and the hook shown on screen, typed or suggested by AI. */
export function StyleStep({
  values,
  onChange,
  styles,
  errors = {},
}: {
  values: StyleValues;
  onChange: (values: Partial<StyleValues>) => void;
  styles: Catalog["textHookStyles"];
  /** Why a field stops the video (a refusal, or text no font can draw), shown at the field. */
  errors?: Partial<Record<keyof StyleValues, string>>;
}) {
  const hookId = useId();
  const capabilities = useCapabilities();
  const aiEnabled = capabilities.data?.ai.enabled ?? false;
  const suggest = useGenerateHook();
  const songs = useFiles("audio-file");
  const songName = songs.data?.find((f) => f.id === values.audio_file_id)?.original_filename ?? "";
  const styleTitle = styles.find((s) => s.id === values.video_style)?.title ?? "";

  const write = () =>
    suggest.mutate(
      { song_name: songName, style: styleTitle, idea: values.text_hook },
      {
        onSuccess: ({ text_hook }) => onChange({ text_hook: text_hook.slice(0, HOOK_TEXT_MAX) }),
        onError: (error) => toast.error(error.message),
      },
    );
  const aiButton = (
    <Button type="button" size="sm" variant="outline" onClick={write} disabled={!aiEnabled || suggest.isPending}>
      {suggest.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
      {suggest.isPending ? "Writing..." : "Suggest a hook"}
    </Button>
  );

  return (
    <div className="space-y-8">
      <LibraryTiles
        label="Video style"
        looping
        tiles={styles.map((s) => ({
          id: s.id,
          title: s.title,
          thumbnailUrl: s.thumbnailUrl,
          previewUrl: s.videoUrl,
          credit: s.credit,
        }))}
        value={values.video_style}
        onChange={(video_style) => onChange({ video_style })}
        className="grid-cols-3 sm:grid-cols-3 lg:max-w-3xl"
      />
      <div className="space-y-2">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <Label htmlFor={hookId}>Text hook</Label>
            <p className="text-sm text-muted-foreground">Optional: the line on screen from the first frame.</p>
          </div>
          <div className="flex items-center gap-3">
            <span
              id={`${hookId}-count`}
              aria-live="polite"
              className={cn("text-xs tabular-nums", counterTone(values.text_hook.length))}
            >
              {values.text_hook.length}/{HOOK_TEXT_MAX}
            </span>
            <AiOffHint enabled={aiEnabled}>{aiButton}</AiOffHint>
          </div>
        </div>
        <textarea
          id={hookId}
          value={values.text_hook}
          maxLength={HOOK_TEXT_MAX}
          rows={3}
          placeholder="POV: the drop hits and you forget everything"
          aria-invalid={errors.text_hook ? true : undefined}
          aria-describedby={`${hookId}-count${errors.text_hook ? ` ${hookId}-error` : ""}`}
          onChange={(e) => onChange({ text_hook: e.target.value.slice(0, HOOK_TEXT_MAX) })}
          className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive md:text-sm"
        />
        {errors.text_hook ? <FieldError id={`${hookId}-error`}>{errors.text_hook}</FieldError> : null}
      </div>
    </div>
  );
}
