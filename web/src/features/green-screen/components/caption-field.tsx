import { GREEN_SCREEN_CAPTION_MAX, messages } from "@reelsmith/core";
import { Loader2, Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { AiOffHint } from "@/components/builder/ai-off-hint";
import { useCapabilities } from "@/components/builder/api/get-capabilities";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { useGenerateCaption } from "../api/generate-caption";
import { COUNTER_TONE_CLASS, captionCounterTone } from "../lib/caption-counter";

/**
 * The caption (at most 150 characters; the counter turns yellow at 125 and red at 140), typed or
 * written by AI from a prompt (free). Without a model on the server the AI button says why it is off.
 */
export function CaptionField({ value, onChange }: { value: string; onChange: (text_hook: string) => void }) {
  const captionId = useId();
  const promptId = useId();
  const [prompt, setPrompt] = useState("");
  const capabilities = useCapabilities();
  const aiEnabled = capabilities.data?.ai.enabled ?? false;
  const write = useGenerateCaption();
  const tone = captionCounterTone(value.length);

  const generate = () => {
    if (!prompt.trim()) {
      toast.error(messages.greenScreen.promptRequired);
      return;
    }
    write.mutate(
      { prompt: prompt.trim() },
      {
        onSuccess: ({ text_hook }) => {
          onChange(text_hook.slice(0, GREEN_SCREEN_CAPTION_MAX));
          toast.success(messages.greenScreen.captionGenerated);
        },
        onError: () => toast.error(messages.greenScreen.captionFailed),
      },
    );
  };

  const aiButton = (
    <Button type="button" variant="outline" onClick={generate} disabled={!aiEnabled || write.isPending}>
      {write.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
      {write.isPending ? "Writing..." : "Write with AI"}
    </Button>
  );

  return (
    <div className="space-y-4">
      <div className="space-y-2">
        <div className="flex items-end justify-between gap-3">
          <Label htmlFor={captionId}>Caption</Label>
          <span
            id={`${captionId}-count`}
            data-testid="caption-counter"
            data-tone={tone}
            className={cn("text-xs font-medium tabular-nums", COUNTER_TONE_CLASS[tone])}
          >
            {value.length}/{GREEN_SCREEN_CAPTION_MAX}
          </span>
        </div>
        <textarea
          id={captionId}
          value={value}
          maxLength={GREEN_SCREEN_CAPTION_MAX}
          rows={3}
          placeholder="me explaining to my mom why I need another monitor"
          aria-describedby={`${captionId}-count`}
          onChange={(e) => onChange(e.target.value.slice(0, GREEN_SCREEN_CAPTION_MAX))}
          className="w-full resize-y rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 md:text-sm"
        />
      </div>
      <div className="space-y-2 rounded-lg border border-dashed bg-muted/30 p-3">
        <Label htmlFor={promptId} className="text-sm">
          Or let AI write it
        </Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={promptId}
            value={prompt}
            maxLength={500}
            placeholder="What is the meme about? e.g. Monday mornings at the office"
            autoComplete="off"
            onChange={(e) => setPrompt(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && aiEnabled && !write.isPending) {
                e.preventDefault();
                generate();
              }
            }}
          />
          <AiOffHint enabled={aiEnabled}>{aiButton}</AiOffHint>
        </div>
        <p className="text-xs text-muted-foreground">Free: writing a caption costs no credits.</p>
      </div>
    </div>
  );
}
