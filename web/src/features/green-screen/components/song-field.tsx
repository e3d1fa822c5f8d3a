import { type CatalogMusic, messages } from "@reelsmith/core";

import { MusicList } from "@/components/builder/pickers/music-list";
import { useAudioPreview } from "@/hooks/use-audio-preview";

/** The song under the meme (or none), each with a play/pause preview; a failure says 'Failed to play audio.'. */
export function SongField({
  music,
  value,
  onChange,
  labelledBy,
}: {
  music: readonly CatalogMusic[];
  value: string;
  onChange: (song: string) => void;
  labelledBy: string;
}) {
  const preview = useAudioPreview({ failure: messages.audio.playFailedShort });
  return <MusicList music={music} value={value} onChange={onChange} preview={preview} labelledBy={labelledBy} />;
}
