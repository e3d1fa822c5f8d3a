import { messages, type UserFile, VOICE_OVER_MAX_S } from "@reelsmith/core";
import { Loader2, Mic, RotateCcw, Square, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";

import { useUploadFile } from "@/components/builder/api/upload-file";
import { Button } from "@/components/ui/button";

/** The formats tried in order: Chromium and Firefox record Opus in WebM or Ogg, Safari AAC in MP4. */
const RECORDING_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/ogg;codecs=opus", "audio/mp4"];

function recordingType(): string | undefined {
  if (typeof MediaRecorder === "undefined") return undefined;
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

function extensionOf(type: string): string {
  if (type.startsWith("audio/ogg")) return "ogg";
  if (type.startsWith("audio/mp4")) return "m4a";
  return "webm";
}

/** m:ss */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

type State =
  | { phase: "idle" }
  | { phase: "recording"; startedAt: number }
  | { phase: "recorded"; blob: Blob; url: string; seconds: number };

/**
 * Records the creator reading in the browser (MediaRecorder): start and stop with a running clock (it stops by
 * itself at 5 minutes), listen back, record again, then upload the take as a voice-over.
 */
export function VoiceRecorder({ onUploaded }: { onUploaded: (file: UserFile) => void }) {
  const [state, setState] = useState<State>({ phase: "idle" });
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const upload = useUploadFile("voice-over");
  const supported = typeof navigator !== "undefined" && Boolean(navigator.mediaDevices?.getUserMedia);

  // The clock while recording; the take ends by itself at the longest a voice-over may last.
  useEffect(() => {
    if (state.phase !== "recording") return;
    const tick = window.setInterval(() => {
      const seconds = (performance.now() - state.startedAt) / 1000;
      setElapsed(seconds);
      if (seconds >= VOICE_OVER_MAX_S) recorder.current?.stop();
    }, 250);
    return () => window.clearInterval(tick);
  }, [state]);

  // A take's object URL is released when it is replaced or the recorder goes away.
  useEffect(() => {
    if (state.phase !== "recorded") return;
    return () => URL.revokeObjectURL(state.url);
  }, [state]);

  // Leaving the step stops the microphone.
  useEffect(
    () => () => {
      if (recorder.current?.state === "recording") recorder.current.stop();
    },
    [],
  );

  const start = async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      toast.error(messages.reddit.microphoneDenied);
      return;
    }
    const type = recordingType();
    const rec = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    const startedAt = performance.now();
    rec.addEventListener("dataavailable", (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    rec.addEventListener("stop", () => {
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      const blob = new Blob(chunks, { type: rec.mimeType || type || "audio/webm" });
      const seconds = (performance.now() - startedAt) / 1000;
      setState(
        blob.size > 0 ? { phase: "recorded", blob, url: URL.createObjectURL(blob), seconds } : { phase: "idle" },
      );
    });
    recorder.current = rec;
    rec.start(1000);
    setElapsed(0);
    setState({ phase: "recording", startedAt });
  };

  const stop = () => recorder.current?.stop();

  const send = () => {
    if (state.phase !== "recorded") return;
    const type = state.blob.type || "audio/webm";
    // A name without slashes (the server keeps only a name's last path segment).
    const stamp = new Date().toISOString().slice(0, 16).replace("T", " ").replace(":", ".");
    const file = new File([state.blob], `Recording ${stamp}.${extensionOf(type)}`, { type });
    upload.mutate(
      { file },
      {
        onSuccess: (stored) => {
          onUploaded(stored);
          setState({ phase: "idle" });
          toast.success(messages.reddit.recordingSaved);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  if (!supported) {
    return <p className="text-muted-foreground text-sm">{messages.reddit.recordingUnsupported}</p>;
  }

  return (
    <section className="space-y-3 rounded-lg border p-4" aria-label="Record your voice">
      <div className="flex flex-wrap items-center gap-3">
        {state.phase === "recording" ? (
          <Button type="button" variant="destructive" onClick={stop}>
            <Square className="size-4" aria-hidden="true" />
            Stop
          </Button>
        ) : (
          <Button
            type="button"
            variant={state.phase === "recorded" ? "outline" : "default"}
            onClick={start}
            disabled={upload.isPending}
          >
            {state.phase === "recorded" ? (
              <RotateCcw className="size-4" aria-hidden="true" />
            ) : (
              <Mic className="size-4" aria-hidden="true" />
            )}
            {state.phase === "recorded" ? "Record again" : "Start recording"}
          </Button>
        )}
        <span
          className="font-mono text-sm tabular-nums"
          role="timer"
          aria-live="off"
          aria-label={state.phase === "recording" ? "Recording time" : "Take length"}
        >
          {state.phase === "recording" ? (
            <span className="inline-flex items-center gap-2">
              <span className="size-2 animate-pulse rounded-full bg-red-500" aria-hidden="true" />
              {formatClock(elapsed)} / {formatClock(VOICE_OVER_MAX_S)}
            </span>
          ) : state.phase === "recorded" ? (
            formatClock(state.seconds)
          ) : (
            `Up to ${formatClock(VOICE_OVER_MAX_S)}`
          )}
        </span>
      </div>
      {state.phase === "recorded" ? (
        <div className="flex flex-wrap items-center gap-3">
          {/* biome-ignore lint/a11y/useMediaCaption: the creator's own take, listened back before it is used */}
          <audio src={state.url} controls className="h-10 w-full max-w-xs" aria-label="Your take" />
          <Button type="button" onClick={send} disabled={upload.isPending}>
            {upload.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Upload className="size-4" aria-hidden="true" />
            )}
            Use this recording
          </Button>
        </div>
      ) : null}
    </section>
  );
}
