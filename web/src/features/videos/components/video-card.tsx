import { messages, type Video, videoTypeCatalogue } from "@reelsmith/core";
import { AlertTriangle, Download, Loader2, Play } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { videoTypeIcons } from "@/components/video-type-icon";
import { lazyDateFormat } from "@/lib/format";
import { cn } from "@/lib/utils";
import { DeleteVideoButton } from "./delete-video-button";

export function formatDuration(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

const dateFormat = lazyDateFormat(undefined, {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** A status pill that reads on any thumbnail: dark glass with a coloured mark. */
function StatusBadge({ status }: { status: Video["status"] }) {
  const base =
    "inline-flex items-center gap-1.5 rounded-full bg-black/70 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur";
  if (status === "finished") {
    return (
      <span className={base}>
        <span className="size-1.5 rounded-full bg-success" aria-hidden="true" />
        Finished
      </span>
    );
  }
  if (status === "error") {
    return (
      <span className={base}>
        <span className="size-1.5 rounded-full bg-destructive" aria-hidden="true" />
        Failed
      </span>
    );
  }
  return (
    <span className={base}>
      <Loader2 className="size-3 animate-spin text-brand" aria-hidden="true" />
      Processing
    </span>
  );
}

/** One video in the Finished Videos grid: its 9:16 frame, status, progress or result, and actions. */
export function VideoCard({
  video,
  onPlay,
  onDownload,
  downloading = false,
}: {
  video: Video;
  onPlay?: (video: Video) => void;
  onDownload?: (video: Video) => void;
  downloading?: boolean;
}) {
  const Icon = videoTypeIcons[video.type];
  const typeName = videoTypeCatalogue.find((t) => t.type === video.type)?.name ?? video.type;
  const duration = formatDuration(video.duration_s);
  const playable = video.status === "finished" && video.video_url;

  return (
    <article
      className="group @container flex flex-col overflow-hidden rounded-xl border bg-card"
      aria-label={video.title}
      data-status={video.status}
    >
      <div className="relative aspect-[9/16] overflow-hidden bg-gradient-to-br from-brand/25 via-brand-3/20 to-brand-2/20">
        {video.thumbnail_url ? (
          <img
            src={video.thumbnail_url}
            alt=""
            loading="lazy"
            className={cn("absolute inset-0 size-full object-cover", video.status !== "finished" && "opacity-40")}
          />
        ) : (
          <Icon className="absolute top-1/2 left-1/2 size-10 -translate-1/2 text-foreground/30" aria-hidden="true" />
        )}
        <div className="absolute top-2 left-2">
          <StatusBadge status={video.status} />
        </div>
        {duration ? (
          <span className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums">
            {duration}
          </span>
        ) : null}
        {playable ? (
          <button
            type="button"
            onClick={() => onPlay?.(video)}
            className="absolute inset-0 grid place-items-center bg-black/0 transition-colors hover:bg-black/25 focus-visible:bg-black/25 focus-visible:outline-none"
            aria-label={`Play ${video.title}`}
          >
            <span className="grid size-14 place-items-center rounded-full bg-white/90 text-black opacity-90 shadow-lg transition-transform group-hover:scale-105">
              <Play className="ml-0.5 size-6 fill-current" aria-hidden="true" />
            </span>
          </button>
        ) : null}
        {video.status === "processing" ? (
          <div className="absolute inset-x-3 bottom-3 space-y-1.5 rounded-lg bg-background/85 p-2.5 backdrop-blur">
            <div className="flex items-start justify-between gap-2 text-xs leading-tight">
              {/* Narrow cards (two a row on phones) wrap the stage rather than cut it. */}
              <span className="line-clamp-2 min-w-0 font-medium">{video.stage ?? "Queued"}</span>
              <span className="tabular-nums text-muted-foreground">{video.progress}%</span>
            </div>
            <Progress value={video.progress} aria-label={`Progress of ${video.title}`} />
          </div>
        ) : null}
        {video.status === "finished" ? <DeleteVideoButton video={video} /> : null}
        {video.status === "error" ? (
          <AlertTriangle
            className="absolute top-1/2 left-1/2 size-10 -translate-1/2 text-destructive"
            aria-hidden="true"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold" title={video.title}>
          {video.title}
        </h3>
        <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
          <Icon className="size-3.5" aria-hidden="true" />
          <span>{typeName}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={video.created_at}>{dateFormat.format(new Date(video.created_at))}</time>
        </p>
        {video.status === "processing" ? (
          <p className="text-xs text-muted-foreground">{messages.videos.mayTakeFewMinutes}</p>
        ) : null}
        {video.status === "error" ? (
          <div className="space-y-1 text-xs">
            <p className="text-destructive">{video.error_message ?? "The video could not be made."}</p>
            {video.refunded > 0 ? (
              <p className="text-muted-foreground">{messages.videos.refunded(video.refunded)}</p>
            ) : null}
          </div>
        ) : null}
        {playable ? (
          <div className="mt-auto flex gap-2 pt-1">
            <Button size="sm" variant="brand" className="flex-1" onClick={() => onPlay?.(video)}>
              <Play aria-hidden="true" />
              Play
            </Button>
            <Button
              size="sm"
              variant="outline"
              className="w-8 px-0 @[14rem]:w-auto @[14rem]:flex-1 @[14rem]:px-3"
              onClick={() => onDownload?.(video)}
              disabled={downloading}
              aria-label={`Download ${video.title}`}
              title="Download"
            >
              {downloading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
              <span className="hidden @[14rem]:inline">Download</span>
            </Button>
          </div>
        ) : null}
      </div>
    </article>
  );
}
