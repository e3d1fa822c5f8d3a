import { useCallback, useEffect, useState } from "react";

import type { BuilderDraft } from "./builder-config";

/** Where a builder keeps its draft: one per video type and user, for this tab. */
export function draftStorageKey(type: string, userId: string): string {
  return `reelsmith:${type}-draft:${userId}`;
}

function load<D extends BuilderDraft>(key: string, defaults: D): D {
  try {
    const saved = sessionStorage.getItem(key);
    return saved ? { ...defaults, ...(JSON.parse(saved) as Partial<D>) } : defaults;
  } catch {
    return defaults;
  }
}

/**
 * The draft survives a reload or a trip to another page in this tab. When storage is full the bulky
 * fields (an avatar's data URL) are left out and the rest is kept.
 */
export function useBuilderDraft<D extends BuilderDraft>({
  type,
  userId,
  defaults,
  bulkyFields = [],
}: {
  type: string;
  userId: string;
  defaults: D;
  bulkyFields?: readonly string[];
}) {
  const key = draftStorageKey(type, userId);
  const [draft, setDraft] = useState<D>(() => load(key, defaults));
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(draft));
    } catch {
      try {
        const slim: BuilderDraft = { ...draft };
        for (const field of bulkyFields) slim[field] = defaults[field] ?? null;
        sessionStorage.setItem(key, JSON.stringify(slim));
      } catch {
        // Storage is full or off: the draft lives only on this page.
      }
    }
  }, [key, draft, bulkyFields, defaults]);

  const patch = useCallback((values: Partial<D>) => setDraft((d) => ({ ...d, ...values })), []);
  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Storage is off: nothing was saved.
    }
    setDraft(defaults);
  }, [key, defaults]);
  return { draft, patch, clear };
}
