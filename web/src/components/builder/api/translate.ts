import { type LanguageId, translatedSchema, type VideoType } from "@reelsmith/core";
import { useMutation } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

export interface TranslateRequest {
  type: VideoType;
  /** The video's words by field, in `from`. */
  words: Record<string, string>;
  from: LanguageId;
  to: LanguageId[];
}

export function translate(body: TranslateRequest) {
  return apiFetch("/api/ai/translate", { method: "POST", json: body, schema: translatedSchema });
}

/** The video's words in other languages, written by the server's language model for the creator to check. */
export function useTranslate() {
  return useMutation({ mutationFn: translate });
}
