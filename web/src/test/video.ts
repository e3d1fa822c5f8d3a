import type { Video } from "@reelsmith/core";

/** A video as the API returns it right after its creation (processing, queued); `fields` sets the rest. */
export function testVideo(fields: Partial<Video> = {}): Video {
  return {
    id: "v1",
    title: "Reddit Story - Anonymous - AITA?",
    type: "reddit",
    status: "processing",
    progress: 0,
    stage: null,
    error_message: null,
    cost: 6,
    refunded: 0,
    retryable: false,
    retry_blocked_reason: null,
    duration_s: null,
    video_url: null,
    thumbnail_url: null,
    download_url: null,
    video_caption: null,
    created_at: "2026-01-01T00:00:00.000Z",
    finished_at: null,
    ...fields,
  };
}
