import {
  type Account,
  type Batch,
  type CreateVideoBody,
  creditCost,
  type LanguageId,
  messages,
  type Video,
  videoInputSchemas,
} from "@reelsmith/core";
import { useState } from "react";
import { toast } from "sonner";
import type { z } from "zod";

import { ApiError } from "@/lib/api-error";

import { useCreateVideo } from "./api/create-video";
import type { BuilderConfig, BuilderDraft } from "./builder-config";
import { insufficientCreditsFrom } from "./insufficient-credits";

export interface Shortfall {
  required: number;
  current: number;
}

/** The server refused the video: its reason, and the input field it is about when it names one. */
export interface Refusal {
  message: string;
  /** An input field of the draft (the first part of the refused value's path under `input`). */
  field: string | null;
  /** What that field held when it was refused: the reason shows until the creator changes it. */
  value: unknown;
  /** The refused value's whole path in the request (`translations.spanish.script`), or null. */
  path: string | null;
}

/** The input field an error names (`input.avatar_url` -> `avatar_url`), or null. */
export function inputFieldOf(path: string | undefined): string | null {
  const match = /^input\.([^.]+)/.exec(path ?? "");
  return match?.[1] ?? null;
}

/**
 * What a failed creation tells the creator: the server's own reason for a refusal of the request (a
 * 4xx: a file that is not what it claims, an input it does not take), else the builder's failure words
 * (the server failed, or could not be reached).
 */
export function refusalOf(error: Error, draft: BuilderDraft, fallback: string): Refusal {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    const field = inputFieldOf(error.details.field);
    return {
      message: error.message,
      field,
      value: field ? draft[field] : undefined,
      path: error.details.field ?? null,
    };
  }
  return { message: fallback, field: null, value: undefined, path: null };
}

/** The input schema of a builder's video type, as `@reelsmith/core` defines it. */
export function builderSchema(config: Pick<BuilderConfig<BuilderDraft>, "type">): z.ZodType {
  return videoInputSchemas[config.type] as z.ZodType;
}

/**
 * The draft as the type's input, or, while it is incomplete, a toast that says so: 'Missing information' (or, for a
 * builder that asks for it, the schema's own message for the first thing missing). Generate and Preview both ask.
 */
export function completeInput<D extends BuilderDraft>(
  config: BuilderConfig<D>,
  draft: D,
): { success: true; data: unknown } | { success: false } {
  const parsed = builderSchema(config).safeParse(draft);
  if (parsed.success) return { success: true, data: parsed.data };
  const issue = config.whenIncomplete === "toast-first-issue" ? parsed.error.issues[0]?.message : undefined;
  if (issue) toast.error(issue);
  else toast.error(messages.videos.missingInformation, { description: config.messages.incomplete });
  return { success: false };
}

/**
 * Generate, as every builder does it (spec sections 4, 5 and 8): an incomplete draft says
 * 'Missing information' (or, for a builder that asks for it, the schema's own message for the first
 * thing missing); a balance below the cost opens the insufficient-credits dialog without a call;
 * otherwise the video is created, 'Video Creation Started!' shows, the draft is cleared and the waiting
 * screen takes over. A server refusal for credits (the balance changed since the page knew it, say in
 * another tab) shows the 'Insufficient Credits' toast; any other refusal shows the server's reason (kept
 * as `refusal`, so the shell can show it at the field it names), and a failure of the server itself the
 * builder's failure message.
 */
export function useGenerateFlow<D extends BuilderDraft>({
  config,
  account,
  draft,
  onCreated,
  inLanguages = null,
  onBatch,
}: {
  config: BuilderConfig<D>;
  account: Account;
  draft: D;
  onCreated: (video: Video) => void;
  /**
   * "Also make it in...": the languages (the draft's own first) and each other one's words, or why they cannot be
   * sent yet. Null: one video.
   */
  inLanguages?: {
    request: { languages: LanguageId[]; translations: Partial<Record<LanguageId, Record<string, string>>> } | null;
    problem: string | null;
  } | null;
  /** The batch of one video per language, once created. */
  onBatch?: (batch: Batch) => void;
}) {
  const [shortfall, setShortfall] = useState<Shortfall | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const create = useCreateVideo();
  const request = inLanguages?.request ?? null;
  const perVideo = creditCost(config.type);
  // Every language's video costs what one does.
  const cost = perVideo * (request ? request.languages.length : 1);

  const generate = () => {
    setRefusal(null);
    const parsed = completeInput(config, draft);
    if (!parsed.success) return;
    if (inLanguages?.problem) {
      toast.error(inLanguages.problem);
      return;
    }
    if (account.credits < cost) {
      setShortfall({ required: cost, current: account.credits });
      return;
    }
    create.mutate({ type: config.type, input: parsed.data, ...(request ?? {}) } as CreateVideoBody, {
      onSuccess: (created) => {
        toast.success(messages.videos.creationStartedTitle, {
          description:
            "batch" in created
              ? `${created.batch.row_count} videos, one per language, are on their way.`
              : messages.videos.creationStartedBody,
        });
        if ("video" in created) onCreated(created.video);
        else onBatch?.(created.batch);
      },
      onError: (error) => {
        if (insufficientCreditsFrom(error)) {
          toast.error(messages.credits.insufficientTitle, { description: messages.credits.insufficientToast });
          return;
        }
        const refused = refusalOf(error, draft, config.messages.failed);
        setRefusal(refused);
        if (config.messages.failedTitle) {
          toast.error(config.messages.failedTitle, { description: refused.message });
        } else {
          toast.error(refused.message);
        }
      },
    });
  };

  return {
    generate,
    /** What Generate charges: one video, or one per language. */
    cost,
    perVideo,
    isPending: create.isPending,
    shortfall,
    dismissShortfall: () => setShortfall(null),
    refusal,
    clearRefusal: () => setRefusal(null),
  };
}
