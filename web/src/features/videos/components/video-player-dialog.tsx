import type { Video } from "@reelsmith/core";

import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";

import { formatDuration } from "./video-card";

/** The in-app 9:16 player. */
export function VideoPlayerDialog({ video, onClose }: { video: Video | null; onClose: () => void }) {
  return (
    <Dialog open={video !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="w-auto max-w-[calc(100vw-2rem)] gap-3 p-3 sm:max-w-fit sm:p-4">
        <DialogTitle className="line-clamp-1 pr-8 text-base">{video?.title}</DialogTitle>
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
            className="aspect-[9/16] h-[min(78vh,calc((100vw-3rem)*16/9))] rounded-lg bg-black"
            data-testid="video-player"
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
