import { useCallback, useEffect, useState } from "react";

/**
 * An index that moves to the next of `count` every `intervalMs` and wraps around. `select` jumps
 * to an index and restarts the wait; while `paused` it stays put.
 */
export function useAutoAdvance(count: number, intervalMs: number, paused = false) {
  const [state, setState] = useState({ index: 0, cycle: 0 });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new cycle (a click) restarts the timer
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(
      () => setState((s) => ({ index: (s.index + 1) % count, cycle: s.cycle + 1 })),
      intervalMs,
    );
    return () => window.clearTimeout(timer);
  }, [paused, count, intervalMs, state.cycle]);

  const select = useCallback((index: number) => setState((s) => ({ index, cycle: s.cycle + 1 })), []);
  return { index: state.index, cycle: state.cycle, select };
}
