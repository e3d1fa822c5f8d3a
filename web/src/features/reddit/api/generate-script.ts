import { generatedScriptSchema } from "@reelsmith/core";
import { useMutation } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

export function generateScript(body: { script_title: string; script_main: string }) {
  return apiFetch("/api/ai/script", { method: "POST", json: body, schema: generatedScriptSchema });
}

/** generate-ai-script: a story from the title and the current draft. Free; rate limited. */
export function useGenerateScript() {
  return useMutation({ mutationFn: generateScript });
}
