import type { Video } from "@reelsmith/core";
import { Download, Loader2 } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";

import { formatDuration } from "./video-card";

/** The in-app 9:16 player, with the video's Download under it. */
export function VideoPlayerDialog({
  video,
  onClose,
  onDownload,
  downloading = false,
}: {
  video: Video | null;
  onClose: () => void;
  onDownload?: (video: Video) => void;
  downloading?: boolean;
}) {
  return (
    <Dialog open={video !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="w-max max-w-[calc(100vw-2rem)] gap-3 p-3 sm:max-w-[calc(100vw-2rem)] sm:p-4">
        {/* The title takes the video's width, never widens the dialog. */}
        <DialogTitle className="line-clamp-1 w-0 min-w-full pr-8 text-base">{video?.title}</DialogTitle>
        <DialogDescription className="sr-only">
          {video?.duration_s ? `Video, ${formatDuration(video.duration_s)} long` : "Video"}
        </DialogDescription>
        {video?.video_url ? (
          // biome-ignore lint/a11y/useMediaCaption: the captions are burnt into the video itself
          <video
            key={video.id}
            src={video.video_url}
            poster={video.thumbnail_url ?? undefined}
            controls
            autoPlay
            playsInline
            className="aspect-[9/16] rounded-lg bg-black"
            // As large as the screen allows while staying 9:16 (width drives the height); room below for Download.
            style={{ width: "min(calc(100vw - 4rem), calc((78vh - 3rem) * 9 / 16))" }}
            data-testid="video-player"
          />
        ) : null}
        {video?.download_url && onDownload ? (
          <Button variant="outline" onClick={() => onDownload(video)} disabled={downloading}>
            {downloading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
            Download
          </Button>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
