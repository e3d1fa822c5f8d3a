import { messages, PREVIEW, type Preview } from "@reelsmith/core";
import { AlertTriangle, Eye, Loader2, X } from "lucide-react";
import { useEffect, useRef } from "react";

import { Button } from "@/components/ui/button";

/** The HLS media type; a browser that plays it natively (Safari) is given the playlist as it is. */
const HLS_TYPE = "application/vnd.apple.mpegurl";

/**
 * Plays a preview's HLS playlist while it is still growing, through hls.js (loaded only when a preview plays, so no
 * page pays for it up front), from its first second rather than its live edge.
 */
function PreviewPlayer({ src }: { src: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // Started by the creator's click moments ago: play with sound, or muted where the browser insists.
    const start = () => {
      video.play().catch(() => {
        video.muted = true;
        void video.play().catch(() => {});
      });
    };
    let cancelled = false;
    let destroy = () => {};
    // hls.js first wherever Media Source Extensions are there: some browsers say they play HLS themselves but
    // cannot read fragmented MP4 pieces. Natively only where hls.js cannot run (Safari on older iPhones).
    void import("hls.js").then(({ default: Hls }) => {
      if (cancelled) return;
      if (!Hls.isSupported()) {
        if (video.canPlayType(HLS_TYPE)) {
          video.src = src;
          start();
        }
        return;
      }
      const hls = new Hls({ startPosition: 0 });
      destroy = () => hls.destroy();
      hls.loadSource(src);
      hls.attachMedia(video);
      hls.on(Hls.Events.MANIFEST_PARSED, start);
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [src]);
  return (
    // biome-ignore lint/a11y/useMediaCaption: the captions are burnt into the video itself
    <video
      ref={ref}
      controls
      playsInline
      aria-label="Preview of the video"
      data-testid="preview-player"
      className="aspect-[9/16] w-full max-w-[270px] rounded-lg bg-black"
    />
  );
}

/**
 * The free preview beside the builder: making it, playing it as it streams in, or why it failed; and what the
 * creator changed since it was made, by step.
 */
export function PreviewPanel({
  preview,
  changes,
  onClose,
}: {
  preview: Preview | undefined;
  changes: readonly string[];
  onClose: () => void;
}) {
  // Each new preview is brought into view: the button that asked for it sits at the bottom of a long step.
  const section = useRef<HTMLElement>(null);
  const id = preview?.id;
  useEffect(() => {
    if (id) section.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [id]);
  const failed = preview?.status === "error";
  const making = !preview || preview.status === "queued" || (preview.status === "rendering" && !preview.playlistUrl);
  return (
    <section
      ref={section}
      aria-labelledby="preview-title"
      data-testid="preview-panel"
      // Brought into view below the app's header, with the player clear of the sticky actions on a phone.
      className="scroll-mt-20 space-y-3 rounded-xl border bg-card/60 p-4 sm:p-6"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id="preview-title" className="flex items-center gap-2 font-display text-lg font-bold">
            <Eye className="size-5" aria-hidden="true" />
            Preview
          </h2>
          <p className="text-sm text-muted-foreground">
            Free: the first {PREVIEW.seconds} seconds of the video, smaller and quicker to make.
            {preview?.cached ? " Nothing changed since it was made, so it plays at once." : ""}
          </p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close the preview">
          <X aria-hidden="true" />
        </Button>
      </header>
      {failed ? (
        <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          {preview.errorMessage ?? messages.videos.previewFailed}
        </p>
      ) : making ? (
        <output aria-live="polite" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Making your preview. It starts playing in a few seconds.
        </output>
      ) : preview?.playlistUrl ? (
        <div className="flex justify-center">
          <PreviewPlayer src={preview.playlistUrl} />
        </div>
      ) : null}
      {changes.length > 0 ? (
        <p
          data-testid="preview-changes"
          className="rounded-md bg-amber-500/10 px-3 py-2 text-sm text-amber-700 dark:text-amber-300"
        >
          {messages.videos.previewChanged(changes.join(", "))}
        </p>
      ) : null}
    </section>
  );
}
