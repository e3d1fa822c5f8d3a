import {
  DEFAULT_LANGUAGE,
  type LanguageId,
  fansOut as typeFansOut,
  type VideoType,
  videoTypeDefinitions,
} from "@reelsmith/core";
import { useMemo, useState } from "react";

import { type FanOut, fanOutProblem, fanOutRequest, NO_FAN_OUT, sourceWords } from "./fan-out";

/**
 * A builder's "Also make it in...": the other languages and their words, what Generate sends for them (or why it
 * waits), the draft's own language and words. `fansOut` is false for a type with nothing to translate.
 */
export function useFanOut(type: VideoType, draft: Record<string, unknown>) {
  const [fanOut, setFanOut] = useState<FanOut>(NO_FAN_OUT);
  const fansOut = typeFansOut(videoTypeDefinitions[type]);
  const language = (typeof draft.language === "string" ? draft.language : DEFAULT_LANGUAGE) as LanguageId;
  const source = useMemo(() => sourceWords(type, draft), [type, draft]);
  const inLanguages = fansOut
    ? { request: fanOutRequest(fanOut, language, source), problem: fanOutProblem(fanOut, source) }
    : null;
  return {
    fansOut,
    fanOut,
    setFanOut,
    reset: () => setFanOut(NO_FAN_OUT),
    language,
    source,
    inLanguages,
    /** How many videos Generate makes. */
    videoCount: inLanguages?.request?.languages.length ?? 1,
  };
}
