import { analyseSong, type SongAnalysis, toAnalysisRate } from "@reelsmith/core";
import { useQuery } from "@tanstack/react-query";

/**
 * Fetches a song and analyses it in the browser with the engine's own analysis (waveform, loudness,
 * beats), so the part the musician picks is the part the engine reads. Cached per file.
 */
export async function analyseSongUrl(url: string, signal?: AbortSignal): Promise<SongAnalysis> {
  const response = await fetch(url, { signal, credentials: "same-origin" });
  if (!response.ok) throw new Error("The song could not be loaded.");
  const bytes = await response.arrayBuffer();
  // An offline context decodes without asking to play sound; its rate is the decoder's output rate.
  const context = new OfflineAudioContext(1, 1, 44100);
  const buffer = await context.decodeAudioData(bytes);
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
  return analyseSong(toAnalysisRate(channels, buffer.sampleRate), { peaks: 240 });
}

export function useSongAnalysis(fileId: string | null, url: string | null) {
  return useQuery({
    queryKey: ["song-analysis", fileId],
    queryFn: ({ signal }) => analyseSongUrl(url as string, signal),
    enabled: Boolean(fileId && url),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
