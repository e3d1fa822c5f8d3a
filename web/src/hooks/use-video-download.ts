import { messages, type Video, videoDownloadName } from "@reelsmith/core";
import { useState } from "react";
import { toast } from "sonner";

import { downloadVideo } from "@/lib/download-video";

/**
 * Downloading a finished video under its title, wherever the video is shown: says 'Downloaded', or
 * 'Download Failed' with what to do (spec section 8); `downloading` names the video on its way.
 */
export function useVideoDownload() {
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (video: Pick<Video, "id" | "title" | "download_url">) => {
    if (!video.download_url) return;
    setDownloading(video.id);
    try {
      await downloadVideo(video.download_url, videoDownloadName(video.title));
      toast.success(messages.videos.downloaded);
    } catch {
      toast.error(messages.videos.downloadFailedTitle, { description: messages.videos.downloadFailed });
    } finally {
      setDownloading(null);
    }
  };

  return { download, downloading };
}
