import { messages } from "@reelsmith/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";

/**
 * One preview player for a list of tracks or voices: toggling a playing item pauses it, starting
 * another stops the first, the audio stops at its end, and a failure says so ('Audio Error').
 */
export interface AudioPreview {
  /** The id of the item playing, if any. */
  playing: string | null;
  toggle: (id: string, url: string) => Promise<void>;
  stop: () => void;
}

export function useAudioPreview({ failure = messages.audio.playFailed }: { failure?: string } = {}): AudioPreview {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    setPlaying(null);
  }, []);

  useEffect(() => {
    const element = new Audio();
    element.preload = "none";
    const ended = () => setPlaying(null);
    element.addEventListener("ended", ended);
    audio.current = element;
    return () => {
      element.removeEventListener("ended", ended);
      element.pause();
      element.removeAttribute("src");
      audio.current = null;
    };
  }, []);

  const toggle = useCallback(
    async (id: string, url: string) => {
      const element = audio.current;
      if (!element) return;
      if (playing === id) {
        stop();
        return;
      }
      element.pause();
      element.src = url;
      element.currentTime = 0;
      setPlaying(id);
      try {
        await element.play();
      } catch (error) {
        // A newer toggle interrupting this play() is not a failure.
        if (error instanceof DOMException && error.name === "AbortError") return;
        setPlaying(null);
        toast.error(messages.audio.errorTitle, { description: failure });
      }
    },
    [playing, stop, failure],
  );

  return { playing, toggle, stop };
}
