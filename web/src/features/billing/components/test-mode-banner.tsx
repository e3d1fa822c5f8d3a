import { messages } from "@reelsmith/core";
import { FlaskConical } from "lucide-react";

import { useHydrated } from "@/hooks/use-hydrated";
import { publicConfig } from "@/lib/public-config";
import { cn } from "@/lib/utils";

function TestModePill() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-black whitespace-nowrap px-2.5 py-0.5 text-xs font-bold tracking-widest text-warning">
      <FlaskConical className="size-3.5" aria-hidden="true" />
      {messages.billing.testMode}
    </span>
  );
}

/** The unmistakable stripe on every built-in test payment page. */
export function TestModeBanner({ children }: { children: string }) {
  return (
    <div role="note" className="border-b border-warning/40 bg-warning text-black">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-1 px-4 py-2.5 text-center sm:flex-row sm:gap-3 sm:text-left">
        <TestModePill />
        <p className="text-sm font-medium">{children}</p>
      </div>
    </div>
  );
}

/**
 * On the screens that start or manage a payment (pricing, buying credits, the subscription card) while
 * the server runs the built-in test checkout: nothing here costs money. Nothing shows with Stripe.
 * Pre-rendered pages are built without knowing the server's mode: until hydration the notice is in
 * the markup but shown only under `<html data-payments="test">`, which the server writes, so it holds
 * its place from the first paint and nothing below it moves when the page comes alive.
 */
export function TestModeNotice({ className }: { className?: string }) {
  const hydrated = useHydrated();
  if (hydrated && publicConfig().payments.mode !== "test") return null;
  return (
    <div
      role="note"
      className={cn(
        "flex-col items-center gap-1.5 rounded-lg bg-warning px-3 py-2 text-center text-black sm:flex-row sm:gap-3 sm:text-left",
        hydrated ? "flex" : "hidden [html[data-payments=test]_&]:flex",
        className,
      )}
    >
      <TestModePill />
      <p className="text-sm font-medium">{messages.billing.testModeNotice}</p>
    </div>
  );
}
