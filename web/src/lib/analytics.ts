/**
 * A pluggable analytics module: off unless a provider is registered. With no provider every call is a
 * no-op, so the app sends nothing anywhere by default. A provider (an ad pixel, a web-analytics script)
 * registers itself with `registerAnalyticsProvider` when the operator configures it.
 */
export interface InitiateCheckoutEvent {
  /** For top-ups the number of packs (spec); for plans the price in dollars. */
  value: number;
  currency: string;
}

export interface AnalyticsProvider {
  readonly name: string;
  pageView?(path: string): void;
  initiateCheckout?(event: InitiateCheckoutEvent): void;
}

const providers = new Map<string, AnalyticsProvider>();

/** Adds (or replaces, by name) a provider; returns a function that removes it again. */
export function registerAnalyticsProvider(provider: AnalyticsProvider): () => void {
  providers.set(provider.name, provider);
  return () => {
    if (providers.get(provider.name) === provider) providers.delete(provider.name);
  };
}

export function analyticsEnabled(): boolean {
  return providers.size > 0;
}

function each(call: (provider: AnalyticsProvider) => void): void {
  for (const provider of providers.values()) {
    try {
      call(provider);
    } catch (error) {
      // A broken tracker must never break the page.
      console.warn(`analytics provider ${provider.name} failed`, error);
    }
  }
}

export const analytics = {
  pageView(path: string): void {
    each((p) => p.pageView?.(path));
  },
  initiateCheckout(event: { value: number; currency: string }): void {
    each((p) => p.initiateCheckout?.(event));
  },
};
