import { generatedHookSchema } from "@reelsmith/core";
import { useMutation } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

export function generateHook(body: { song_name: string; style: string; idea: string }) {
  return apiFetch("/api/ai/hook", { method: "POST", json: body, schema: generatedHookSchema });
}

/** A hook for the music video from the song's name, the style and the musician's idea. Free; rate limited. */
export function useGenerateHook() {
  return useMutation({ mutationFn: generateHook });
}
