/**
 * A promise that settles once the visitor gets near a marked element (or interacts with the page),
 * used to hydrate the landing page's lower half only when it is about to matter. Its pre-rendered
 * markup is on screen from the start; only the event handlers wait.
 */
export function createNearViewport(rootMargin = "800px") {
  let settle: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    settle();
  };
  const watch = (element: Element | null): (() => void) => {
    if (done) return () => {};
    if (!element || typeof IntersectionObserver === "undefined") {
      finish();
      return () => {};
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) finish();
      },
      { rootMargin },
    );
    observer.observe(element);
    const events = ["pointerdown", "keydown", "wheel", "touchstart", "scroll"] as const;
    for (const type of events) window.addEventListener(type, finish, { once: true, passive: true });
    return () => {
      observer.disconnect();
      for (const type of events) window.removeEventListener(type, finish);
    };
  };
  return { promise, watch, finish };
}
