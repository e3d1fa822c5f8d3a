import type { PublicConfig } from "@reelsmith/core";

import { publicConfig } from "./public-config";

/** One analytics destination. Providers never throw into the app. */
export interface AnalyticsProvider {
  readonly name: string;
  pageView(url: string): void;
  event(name: string, properties?: Record<string, string | number>): void;
}

export interface CheckoutEvent {
  value: number;
  currency: string;
}

type CommandQueue = ((...args: unknown[]) => void) & { queue?: unknown[][]; loaded?: boolean; version?: string };

declare global {
  interface Window {
    fbq?: CommandQueue;
    _fbq?: CommandQueue;
    plausible?: ((event: string, options?: { props?: Record<string, string | number>; u?: string }) => void) & {
      q?: unknown[];
    };
  }
}

function loadScript(src: string): void {
  if (document.querySelector(`script[src="${CSS.escape(src)}"]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/**
 * An ad pixel with the common `fbq` command-queue API: commands queue until the vendor's script
 * (from ANALYTICS_PIXEL_SCRIPT_URL) loads and drains them.
 */
export function pixelProvider(id: string, scriptUrl: string): AnalyticsProvider {
  if (!window.fbq) {
    const queue: CommandQueue = (...args: unknown[]) => {
      queue.queue?.push(args);
    };
    queue.queue = [];
    queue.loaded = true;
    queue.version = "2.0";
    window.fbq = queue;
    window._fbq = queue;
    loadScript(scriptUrl);
  }
  window.fbq("init", id);
  return {
    name: "pixel",
    pageView: () => window.fbq?.("track", "PageView"),
    event: (name, properties) => window.fbq?.("track", name, properties ?? {}),
  };
}

/**
 * A Plausible-style web-analytics script, loaded by the server with the page. It counts page views
 * (history changes included) by itself; custom events go through `window.plausible`.
 */
export function webAnalyticsProvider(): AnalyticsProvider {
  window.plausible ??= Object.assign(
    (...args: unknown[]) => {
      (window.plausible as { q?: unknown[] }).q?.push(args);
    },
    { q: [] as unknown[] },
  );
  return {
    name: "web",
    pageView: () => {},
    event: (name, properties) => window.plausible?.(name, properties ? { props: properties } : undefined),
  };
}

export class Analytics {
  #lastPageView: string | undefined;
  readonly #providers: AnalyticsProvider[];
  constructor(providers: readonly AnalyticsProvider[]) {
    this.#providers = [...providers];
  }

  get providers(): readonly AnalyticsProvider[] {
    return this.#providers;
  }

  get enabled(): boolean {
    return this.#providers.length > 0;
  }

  /** Adds a destination (a plug-in of the operator's, or a test's spy); returns what removes it again. */
  add(provider: AnalyticsProvider): () => void {
    this.#providers.push(provider);
    return () => {
      const index = this.#providers.indexOf(provider);
      if (index >= 0) this.#providers.splice(index, 1);
    };
  }

  /** One page view per distinct URL (React's strict mode runs effects twice in development). */
  pageView(url: string): void {
    if (url === this.#lastPageView) return;
    this.#lastPageView = url;
    this.#each((p) => p.pageView(url));
  }

  /** Fired when a checkout starts: `value` is the quantity or plan price, `currency` e.g. "USD". */
  initiateCheckout({ value, currency }: CheckoutEvent): void {
    this.#each((p) => p.event("InitiateCheckout", { value, currency }));
  }

  event(name: string, properties?: Record<string, string | number>): void {
    this.#each((p) => p.event(name, properties));
  }

  #each(call: (provider: AnalyticsProvider) => void): void {
    for (const provider of this.#providers) {
      try {
        call(provider);
      } catch {
        // Analytics must never break the page.
      }
    }
  }
}

/** Providers for the configured ids; none (analytics off) by default. */
export function createAnalytics(config: PublicConfig["analytics"]): Analytics {
  const providers: AnalyticsProvider[] = [];
  if (config.pixel) providers.push(pixelProvider(config.pixel.id, config.pixel.scriptUrl));
  if (config.web) providers.push(webAnalyticsProvider());
  return new Analytics(providers);
}

let instance: Analytics | undefined;

/** The app's analytics, created on first use from the server's public config. */
export function analytics(): Analytics {
  instance ??= createAnalytics(publicConfig().analytics);
  return instance;
}

/** Adds a destination to the app's analytics; returns what removes it again. */
export function registerAnalyticsProvider(provider: AnalyticsProvider): () => void {
  return analytics().add(provider);
}
