import { useEffect, useState } from "react";

import { useReducedMotion } from "@/hooks/use-reduced-motion";

/** Cycles through `words`; with reduced motion it shows the first word and stays still. */
export function RotatingWords({ words, intervalMs = 2200 }: { words: readonly string[]; intervalMs?: number }) {
  const reducedMotion = useReducedMotion();
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (reducedMotion || words.length < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % words.length), intervalMs);
    return () => window.clearInterval(timer);
  }, [reducedMotion, words.length, intervalMs]);

  const word = words[reducedMotion ? 0 : index] ?? "";

  return (
    <span className="relative inline-block">
      <span className="sr-only">{words.join(", ")}</span>
      <span
        key={word}
        aria-hidden="true"
        className="inline-block animate-word-in whitespace-nowrap text-gradient-brand"
      >
        {word}
      </span>
    </span>
  );
}
