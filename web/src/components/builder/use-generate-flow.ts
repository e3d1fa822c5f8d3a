import {
  type Account,
  type CreateVideoBody,
  canAfford,
  creditCost,
  messages,
  type Video,
  videoInputSchemas,
} from "@reelsmith/core";
import { useState } from "react";
import { toast } from "sonner";
import type { z } from "zod";

import { useCreateVideo } from "./api/create-video";
import type { BuilderConfig, BuilderDraft } from "./builder-config";
import { insufficientCreditsFrom } from "./insufficient-credits";

export interface Shortfall {
  required: number;
  current: number;
}

/** The input schema of a builder's video type, as `@reelsmith/core` defines it. */
export function builderSchema(config: Pick<BuilderConfig<BuilderDraft>, "type">): z.ZodType {
  return videoInputSchemas[config.type] as z.ZodType;
}

/**
 * Generate, as every builder does it (spec sections 4, 5 and 8): an incomplete draft says
 * 'Missing information' (or, for a builder that asks for it, the schema's own message for the first
 * thing missing); a balance below the cost opens the insufficient-credits dialog without a call;
 * otherwise the video is created, 'Video Creation Started!' shows, the draft is cleared and the waiting
 * screen takes over. A server refusal for credits (the balance changed since the page knew it, say in
 * another tab) shows the 'Insufficient Credits' toast; any other failure shows the builder's failure
 * message.
 */
export function useGenerateFlow<D extends BuilderDraft>({
  config,
  account,
  draft,
  onCreated,
}: {
  config: BuilderConfig<D>;
  account: Account;
  draft: D;
  onCreated: (video: Video) => void;
}) {
  const [shortfall, setShortfall] = useState<Shortfall | null>(null);
  const create = useCreateVideo();
  const cost = creditCost(config.type);

  const generate = () => {
    const parsed = builderSchema(config).safeParse(draft);
    if (!parsed.success) {
      const issue = config.whenIncomplete === "toast-first-issue" ? parsed.error.issues[0]?.message : undefined;
      if (issue) toast.error(issue);
      else toast.error(messages.videos.missingInformation, { description: config.messages.incomplete });
      return;
    }
    if (!canAfford(account.credits, config.type)) {
      setShortfall({ required: cost, current: account.credits });
      return;
    }
    create.mutate({ type: config.type, input: parsed.data } as CreateVideoBody, {
      onSuccess: (video) => {
        toast.success(messages.videos.creationStartedTitle, { description: messages.videos.creationStartedBody });
        onCreated(video);
      },
      onError: (error) => {
        if (insufficientCreditsFrom(error)) {
          toast.error(messages.credits.insufficientTitle, { description: messages.credits.insufficientToast });
          return;
        }
        if (config.messages.failedTitle) {
          toast.error(config.messages.failedTitle, { description: config.messages.failed });
        } else {
          toast.error(config.messages.failed);
        }
      },
    });
  };

  return {
    generate,
    cost,
    isPending: create.isPending,
    shortfall,
    dismissShortfall: () => setShortfall(null),
  };
}
