import { messages } from "@reelsmith/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";

/**
 * Plays one part of a song (from `start`, for `length` seconds) and stops at its end, with the
 * playhead's position for drawing. A failure says so in the spec's words ('Audio Error').
 */
export function useWindowPlayer(url: string, start: number, length: number) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const frame = useRef(0);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(start);

  const stop = useCallback(() => {
    cancelAnimationFrame(frame.current);
    audio.current?.pause();
    setPlaying(false);
  }, []);

  useEffect(() => {
    const element = new Audio();
    element.preload = "auto";
    audio.current = element;
    return () => {
      cancelAnimationFrame(frame.current);
      element.pause();
      element.removeAttribute("src");
      audio.current = null;
    };
  }, []);

  // A new song stops what was playing.
  useEffect(() => {
    stop();
    const element = audio.current;
    if (element) element.src = url;
  }, [url, stop]);

  const toggle = useCallback(async () => {
    const element = audio.current;
    if (!element) return;
    if (playing) {
      stop();
      return;
    }
    const end = start + length;
    const tick = () => {
      setPosition(element.currentTime);
      if (element.currentTime >= end || element.ended) {
        stop();
        return;
      }
      frame.current = requestAnimationFrame(tick);
    };
    try {
      element.currentTime = start;
      setPosition(start);
      setPlaying(true);
      await element.play();
      frame.current = requestAnimationFrame(tick);
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      setPlaying(false);
      toast.error(messages.audio.errorTitle, { description: messages.audio.playFailed });
    }
  }, [playing, start, length, stop]);

  return { playing, position, toggle, stop };
}
