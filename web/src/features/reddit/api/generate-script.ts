import { capabilitiesSchema, generatedScriptSchema } from "@reelsmith/core";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";

import { apiFetch } from "@/lib/api-client";

export function capabilitiesQueryOptions() {
  return queryOptions({
    queryKey: ["capabilities"],
    queryFn: ({ signal }) => apiFetch("/api/capabilities", { schema: capabilitiesSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Which optional providers the server has (is AI writing on?). */
export function useCapabilities() {
  return useQuery(capabilitiesQueryOptions());
}

/** generate-ai-script: a story from the title and the current draft. Free; rate limited. */
export function useGenerateScript() {
  return useMutation({
    mutationFn: (body: { script_title: string; script_main: string }) =>
      apiFetch("/api/ai/script", { method: "POST", json: body, schema: generatedScriptSchema }),
  });
}
