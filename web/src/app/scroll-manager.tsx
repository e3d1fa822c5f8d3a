import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Scrolls to the element of `hash`, waiting a little for lazily rendered sections to appear. */
function scrollToHash(hash: string): () => void {
  const id = decodeURIComponent(hash.slice(1));
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    const element = document.getElementById(id);
    if (element) {
      element.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
      return;
    }
    if (tries++ < 120) frame = window.requestAnimationFrame(attempt);
  };
  attempt();
  return () => window.cancelAnimationFrame(frame);
}

/**
 * Scroll to top on every route change; a hash (e.g. "/#features") scrolls to its section instead,
 * also when only the hash changes or the same link is clicked again.
 */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  const previousPathname = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` makes a repeated click on the same hash link scroll again
  useEffect(() => {
    const firstRender = previousPathname.current === null;
    const pathnameChanged = previousPathname.current !== pathname;
    previousPathname.current = pathname;
    if (hash) return scrollToHash(hash);
    // On the first render the browser owns the position: a pre-rendered page may already have been
    // scrolled by the time it hydrates.
    if (pathnameChanged && !firstRender) window.scrollTo({ top: 0, left: 0 });
  }, [pathname, hash, key]);

  return null;
}
