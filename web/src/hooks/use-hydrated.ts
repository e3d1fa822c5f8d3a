import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False while React renders on the server or hydrates pre-rendered markup, true afterwards (and on
 * any client-side render). Data the server could not know (fetched in the browser) waits for it, so
 * hydration sees exactly what the server rendered.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
