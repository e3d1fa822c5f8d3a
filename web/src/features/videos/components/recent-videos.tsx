import { messages, type Video } from "@reelsmith/core";
import { Video as VideoIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";

import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

import { useVideos } from "../api/get-videos";
import { VideoCard } from "./video-card";
import { VideoPlayerDialog } from "./video-player-dialog";

const RECENT = 4;

/** Home's Your Videos: the latest videos of any status, playable in place. */
export function RecentVideos() {
  const videos = useVideos({ group: "all", sort: "newest", page: 0, size: RECENT });
  const [playing, setPlaying] = useState<Video | null>(null);

  if (videos.isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4" aria-hidden="true">
        {Array.from({ length: RECENT }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="aspect-[9/16] rounded-xl" />
        ))}
      </div>
    );
  }
  if (!videos.data || videos.data.items.length === 0) {
    return (
      <EmptyState
        icon={VideoIcon}
        title={messages.home.noVideos}
        description="Pick a format in the Creator Studio and your first video will show up here."
        action={
          <Button asChild variant="brand" size="sm">
            <Link to="/create">Create your first video</Link>
          </Button>
        }
      />
    );
  }
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        {videos.data.items.map((video) => (
          <VideoCard key={video.id} video={video} onPlay={setPlaying} />
        ))}
      </div>
      <VideoPlayerDialog video={playing} onClose={() => setPlaying(null)} />
    </>
  );
}
