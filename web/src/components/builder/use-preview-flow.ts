import { type CreateVideoBody, messages, type Preview } from "@reelsmith/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";

import { ApiError } from "@/lib/api-error";
import { previewQueryKey } from "@/lib/query-keys";

import { usePreview, useRequestPreview } from "./api/preview-video";
import type { BuilderConfig, BuilderDraft } from "./builder-config";
import { changedSteps } from "./preview-changes";
import { completeInput } from "./use-generate-flow";

/**
 * Preview, as every builder does it: the same checks as Generate (an incomplete draft says what is missing), then
 * the free preview of the draft as it stands. The server's refusal (one already being made, the hour's used up, a
 * file it cannot use) is shown in its words. The draft it was made from is kept, to say what changed since.
 */
export function usePreviewFlow<D extends BuilderDraft>({ config, draft }: { config: BuilderConfig<D>; draft: D }) {
  const [previewed, setPreviewed] = useState<{ id: string; draft: D } | null>(null);
  const request = useRequestPreview();
  const queryClient = useQueryClient();
  const query = usePreview(previewed?.id ?? null);
  const preview: Preview | undefined = query.data;
  const making = preview?.status === "queued" || preview?.status === "rendering";

  const ask = () => {
    const parsed = completeInput(config, draft);
    if (!parsed.success) return;
    request.mutate({ type: config.type, input: parsed.data } as CreateVideoBody, {
      onSuccess: (made) => {
        queryClient.setQueryData(previewQueryKey(made.id), made);
        setPreviewed({ id: made.id, draft });
      },
      onError: (error) => {
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message;
        toast.error(refused ? error.message : messages.videos.previewFailed);
      },
    });
  };

  return {
    ask,
    /** A preview is being asked for or made: the button waits (one at a time). */
    busy: request.isPending || making,
    preview,
    open: previewed !== null,
    close: () => setPreviewed(null),
    /** The steps changed since the shown preview was asked for. */
    changes: previewed ? changedSteps(config, previewed.draft, draft) : [],
  };
}
