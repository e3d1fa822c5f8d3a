import { messages, type Video, videoTypeCatalogue } from "@reelsmith/core";
import { AlertTriangle, RotateCcw, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { videoTypeIcons } from "@/components/video-type-icon";
import { ApiError } from "@/lib/api-client";
import { lazyDateFormat } from "@/lib/format";
import { useVideos } from "../api/get-videos";
import { useDeleteVideo, useRetryVideo } from "../api/video-actions";

/** How many failed videos the section lists (the newest); removing some shows the older ones. */
const FAILED_SHOWN = 50;

const dateFormat = lazyDateFormat(undefined, {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : messages.videos.actionFailed;
}

/**
 * The Failed section of Finished Videos: each failed video with its reason and refund, Retry (a new
 * video from the same input, after a dialog that shows the cost) or why it cannot be retried, and
 * Remove. Hidden while there are none.
 */
export function FailedVideos({ userId }: { userId: string | null }) {
  const failed = useVideos(
    { group: "failed", search: "", sort: "newest", page: 0, size: FAILED_SHOWN },
    { enabled: userId !== null },
  );
  const retry = useRetryVideo();
  const remove = useDeleteVideo();
  const [retrying, setRetrying] = useState<Video | null>(null);
  const [removing, setRemoving] = useState<Video | null>(null);

  const items = failed.data?.items ?? [];
  if (userId === null || items.length === 0) return null;

  const onRetry = (video: Video) =>
    retry.mutate(video.id, {
      onSuccess: () => {
        setRetrying(null);
        toast.success(messages.videos.retryStarted);
      },
      onError: (error) => {
        setRetrying(null);
        toast.error(errorMessage(error));
      },
    });
  const onRemove = (video: Video) =>
    remove.mutate(video.id, {
      onSuccess: () => {
        setRemoving(null);
        toast.success(messages.videos.removed);
      },
      onError: (error) => {
        setRemoving(null);
        toast.error(errorMessage(error));
      },
    });

  return (
    <section aria-labelledby="failed-videos-title" className="space-y-3" data-testid="failed-videos">
      <div>
        <h2 id="failed-videos-title" className="flex items-center gap-2 text-lg font-semibold">
          <AlertTriangle className="size-5 text-destructive" aria-hidden="true" />
          {messages.videos.failedSection} ({failed.data?.counts.failed ?? items.length})
        </h2>
        <p className="text-sm text-muted-foreground">{messages.videos.failedSectionNote}</p>
      </div>
      <ul className="divide-y rounded-xl border bg-card">
        {items.map((video) => {
          const Icon = videoTypeIcons[video.type];
          const typeName = videoTypeCatalogue.find((t) => t.type === video.type)?.name ?? video.type;
          return (
            <li
              key={video.id}
              aria-label={video.title}
              className="flex flex-col gap-3 p-3 sm:flex-row sm:items-start sm:justify-between sm:p-4"
            >
              <div className="min-w-0 space-y-1">
                <h3 className="line-clamp-2 text-sm font-semibold" title={video.title}>
                  {video.title}
                </h3>
                <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
                  <Icon className="size-3.5" aria-hidden="true" />
                  <span>{typeName}</span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={video.created_at}>{dateFormat.format(new Date(video.created_at))}</time>
                </p>
                <p className="text-sm text-destructive">{video.error_message ?? "The video could not be made."}</p>
                {video.refunded > 0 ? (
                  <p className="text-xs text-muted-foreground">{messages.videos.refunded(video.refunded)}</p>
                ) : null}
                {!video.retryable && video.retry_blocked_reason ? (
                  <p className="text-xs text-muted-foreground" data-testid="retry-blocked">
                    {video.retry_blocked_reason}
                  </p>
                ) : null}
              </div>
              <div className="flex shrink-0 gap-2">
                {video.retryable ? (
                  <Button
                    size="sm"
                    variant="brand"
                    onClick={() => setRetrying(video)}
                    aria-label={`Retry ${video.title}`}
                  >
                    <RotateCcw aria-hidden="true" />
                    {messages.videos.retry}
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setRemoving(video)}
                  aria-label={`Remove ${video.title}`}
                >
                  <Trash2 aria-hidden="true" />
                  {messages.videos.remove}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={retrying !== null}
        title={messages.videos.retryTitle}
        description={retrying ? messages.videos.retryBody(retrying.cost) : ""}
        confirmLabel={messages.videos.retryConfirm(retrying?.cost ?? 0)}
        busy={retry.isPending}
        onConfirm={() => retrying && onRetry(retrying)}
        onCancel={() => setRetrying(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={messages.videos.removeTitle}
        description={messages.videos.removeBody}
        confirmLabel={messages.videos.remove}
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && onRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
