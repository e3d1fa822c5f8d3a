import { useCallback, useState } from "react";

/** The card a preview carousel rests on: the middle one. */
export function restingIndex(count: number): number {
  return Math.max(0, Math.floor((count - 1) / 2));
}

/**
 * Which card of a preview carousel is active: the middle one by default; hover, focus or a click
 * activates another (`activate`), leaving the carousel returns to the middle (`rest`). `epoch`
 * changes on every activation, so the active card restarts from the beginning even when it was
 * already active.
 */
export function usePreviewCarousel(count: number) {
  const [state, setState] = useState({ active: restingIndex(count), epoch: 0 });
  const activate = useCallback(
    (index: number) =>
      setState((s) =>
        index === s.active ? s : { active: Math.min(Math.max(index, 0), count - 1), epoch: s.epoch + 1 },
      ),
    [count],
  );
  const rest = useCallback(
    () => setState((s) => (s.active === restingIndex(count) ? s : { active: restingIndex(count), epoch: s.epoch + 1 })),
    [count],
  );
  return { active: state.active, epoch: state.epoch, activate, rest };
}
