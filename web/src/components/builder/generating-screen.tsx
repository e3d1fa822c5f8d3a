import { messages, type Video } from "@reelsmith/core";
import { AlertTriangle, CheckCircle2, Download, Film, Loader2, Plus } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { useVideoDownload } from "@/hooks/use-video-download";
import { useVideo } from "./api/get-video";

/** Finished Videos on the tab the video is in; a failed one is listed apart, under whichever tab opens. */
const FINISHED_VIDEOS_AT: Record<Video["status"], string> = {
  processing: "/dashboard?tab=processing",
  finished: "/dashboard?tab=finished",
  error: "/dashboard",
};

/**
 * After Generate: the video's live progress. The user may leave; the video keeps rendering and shows up
 * in Finished Videos. When it is done it plays right here, with Download beside the way to Finished
 * Videos (opened on the tab the video is in) and to another video of the same type. The actions come
 * before the player, so Download is on the first screen of a phone as of a desktop.
 */
export function GeneratingScreen({ initial, onAnother }: { initial: Video; onAnother: () => void }) {
  const query = useVideo(initial.id);
  const video = query.data ?? initial;
  const { download, downloading } = useVideoDownload();
  const ready = video.status === "finished" && video.video_url !== null;
  // The builder's step was scrolled to its Generate button; this screen starts at the top, where its
  // actions are.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  const actions = (
    <div className="flex flex-wrap justify-center gap-2" data-testid="video-actions">
      {ready && video.download_url ? (
        <Button variant="brand" onClick={() => void download(video)} disabled={downloading === video.id}>
          {downloading === video.id ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          Download
        </Button>
      ) : null}
      <Button asChild variant="outline">
        <Link to={FINISHED_VIDEOS_AT[video.status]}>
          <Film aria-hidden="true" />
          Go to Finished Videos
        </Link>
      </Button>
      <Button variant="ghost" onClick={onAnother}>
        <Plus aria-hidden="true" />
        Make another
      </Button>
    </div>
  );

  if (ready) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 text-center" aria-live="polite">
        <div className="flex items-center gap-3 text-left">
          <CheckCircle2 className="size-8 shrink-0 text-success" aria-hidden="true" />
          <div className="min-w-0">
            <h2 className="font-display text-2xl font-bold">Your video is ready</h2>
            <p className="line-clamp-2 text-sm text-muted-foreground">{video.title}</p>
          </div>
        </div>
        {actions}
        {/* biome-ignore lint/a11y/useMediaCaption: the captions are burnt into the video itself */}
        <video
          src={video.video_url ?? undefined}
          poster={video.thumbnail_url ?? undefined}
          controls
          playsInline
          className="aspect-[9/16] h-[min(60vh,34rem)] max-w-full rounded-xl bg-black shadow-2xl"
          data-testid="ready-video"
        />
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 py-6 text-center" aria-live="polite">
      {video.status === "error" ? (
        <>
          <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
          <div className="space-y-2">
            <h2 className="font-display text-2xl font-bold">The video could not be made</h2>
            <p className="text-sm text-destructive">{video.error_message}</p>
            {video.refunded > 0 ? (
              <p className="text-sm text-muted-foreground">{messages.videos.refunded(video.refunded)}</p>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <span className="relative grid size-16 place-items-center rounded-full bg-primary/10 text-primary">
            <Loader2 className="size-8 animate-spin" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <h2 className="font-display text-2xl font-bold">{messages.videos.creationStartedTitle}</h2>
            <p className="text-sm text-muted-foreground">{messages.videos.creationStartedBody}</p>
          </div>
          <div className="w-full space-y-2 rounded-xl border bg-card p-4 text-left">
            <div className="flex items-center justify-between text-sm">
              <span className="font-medium">{video.stage ?? "Queued"}</span>
              <span className="tabular-nums text-muted-foreground">{video.progress}%</span>
            </div>
            <Progress value={video.progress} aria-label="Video progress" />
            <p className="text-xs text-muted-foreground">{messages.videos.mayTakeFewMinutes}</p>
          </div>
        </>
      )}
      {actions}
    </div>
  );
}
