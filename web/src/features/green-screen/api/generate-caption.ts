import { generatedCaptionSchema } from "@reelsmith/core";
import { useMutation } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

export function generateCaption(body: { prompt: string }) {
  return apiFetch("/api/ai/caption", { method: "POST", json: body, schema: generatedCaptionSchema });
}

/** A meme caption from the user's prompt (generate-green-screen-ai-script). Free; rate limited. */
export function useGenerateCaption() {
  return useMutation({ mutationFn: generateCaption });
}
